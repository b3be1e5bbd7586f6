import { href, type AppLoadContext } from 'react-router'
import { driverApi } from '#app/.server/backend/driver-area'
import { checkedAs } from '#app/.server/checked-forms'
import { formAction, withSchema } from '#app/.server/form-action'
import { redirectWithToast, serviceMessages } from '#app/.server/responses'
import type { WebSession } from '#app/.server/session'
import { positiveId } from '#domain/ids'
import { BANK_SELECTION_VALUES } from '#domain/reference-data/banking'
import {
  BANK_MESSAGES,
  bankDetailsPayloadSchema,
  bankFormSchema,
  bankPayloadFromForm,
  changedBankFields,
} from '#domain/validation/bank'

/** Spec §8 lets these failures pass silently; the driver gets a short message instead. */
export const BANK_PAGE_ERRORS = {
  save: 'No se pudo guardar la cuenta bancaria. Intenta nuevamente.',
  select: 'No se pudo cambiar la cuenta seleccionada. Intenta nuevamente.',
  delete: 'No se pudo eliminar la cuenta bancaria. Intenta nuevamente.',
} as const

/** The bank page with `cuenta` set (or not) and no modal. */
function pageFor(request: Request, id: number | null): string {
  const url = new URL(request.url)
  for (const key of ['modal', 'index', 'cuenta']) url.searchParams.delete(key)
  if (id) url.searchParams.set('cuenta', String(id))
  return `${href('/user/dashboard/settings/banco-detalles')}${url.search}`
}

type Args = { request: Request; context: AppLoadContext; session: WebSession }

export const bankAction = formAction<Args>({
  add: withSchema(bankFormSchema, async ({ request, context, session, value, submission, fail }) => {
    // The payload schema accepts every payload made from a valid form unchanged (bank.test.ts).
    const payload = checkedAs(bankPayloadFromForm(value), bankDetailsPayloadSchema)
    const res = await driverApi.addBank(context, session.token, payload)
    if (!res.ok)
      return fail(res, { result: submission.reply({ formErrors: serviceMessages(res, BANK_PAGE_ERRORS.save) }) })
    return redirectWithToast(pageFor(request, res.data.bank_detail.id_bank_detail), {
      type: 'success',
      message: res.data.message,
    })
  }),

  edit: withSchema(bankFormSchema, async ({ request, context, session, formData, value, submission, reply, fail }) => {
    const id = positiveId(formData.get('id'))
    const loaded = id ? await driverApi.bank(context, session.token, id) : null
    if (!id || !loaded?.ok)
      return redirectWithToast(pageFor(request, null), { type: 'error', message: BANK_PAGE_ERRORS.save })
    // Spec §5: only the changed fields are sent, and nothing when none changed.
    const changes = changedBankFields(loaded.data as unknown as Record<string, unknown>, bankPayloadFromForm(value))
    if (Object.keys(changes).length === 0) return reply({ result: submission.reply(), notice: BANK_MESSAGES.noChanges })
    const res = await driverApi.updateBank(context, session.token, id, changes)
    if (!res.ok)
      return fail(res, { result: submission.reply({ formErrors: serviceMessages(res, BANK_PAGE_ERRORS.save) }) })
    return redirectWithToast(pageFor(request, id), { type: 'success', message: res.data.message })
  }),

  select: async ({ request, context, session, formData, failTo }) => {
    const id = positiveId(formData.get('id'))
    const selected = String(formData.get('selected') ?? '')
    if (!id || !(BANK_SELECTION_VALUES as readonly string[]).includes(selected))
      return redirectWithToast(pageFor(request, id), { type: 'error', message: BANK_PAGE_ERRORS.select })
    const res = await driverApi.selectBank(context, session.token, id, selected)
    // Spec §4: an answer from 200 to 204 counts as accepted.
    if (res.status >= 200 && res.status <= 204)
      return redirectWithToast(pageFor(request, id), {
        type: 'success',
        message: res.ok ? res.data.message : 'Cuenta actualizada.',
      })
    return failTo(res, pageFor(request, id), {
      type: 'error',
      message: res.ok ? BANK_PAGE_ERRORS.select : serviceMessages(res, BANK_PAGE_ERRORS.select).join(' '),
    })
  },

  delete: async ({ request, context, session, formData, fail }) => {
    // Spec §5: a missing or zero id is ignored.
    const id = positiveId(formData.get('id'))
    if (!id) return redirectWithToast(pageFor(request, null), { type: 'info', message: BANK_PAGE_ERRORS.delete })
    const res = await driverApi.deleteBank(context, session.token, id)
    if (!res.ok) return fail(res, { errors: [BANK_PAGE_ERRORS.delete] })
    return redirectWithToast(pageFor(request, null), { type: 'success', message: res.data.message })
  },
})
