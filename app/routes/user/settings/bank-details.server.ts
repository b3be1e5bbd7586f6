import { parseWithZod } from '@conform-to/zod/v4'
import { data, type AppLoadContext } from 'react-router'
import { signOutIfRefused } from '#app/.server/auth'
import { driverApi } from '#app/.server/backend/driver-area'
import { redirectWithToast, serviceMessages } from '#app/.server/responses'
import type { WebSession } from '#app/.server/session'
import { BANK_PATH } from '#app/components/driver/urls'
import { positiveId } from '#domain/ids'
import { BANK_SELECTION_VALUES } from '#domain/reference-data/banking'
import { BANK_MESSAGES, bankFormSchema, bankPayloadFromForm, changedBankFields } from '#domain/validation/bank'

/** Spec §8 lets these failures pass silently; the driver gets a short message instead. */
export const BANK_PAGE_ERRORS = {
  save: 'No se pudo guardar la cuenta bancaria. Intenta nuevamente.',
  select: 'No se pudo cambiar la cuenta seleccionada. Intenta nuevamente.',
  delete: 'No se pudo eliminar la cuenta bancaria. Intenta nuevamente.',
} as const

const stamp = () => Date.now()

/** The bank page with `cuenta` set (or not) and no modal. */
function pageFor(request: Request, id: number | null): string {
  const url = new URL(request.url)
  for (const key of ['modal', 'index', 'cuenta']) url.searchParams.delete(key)
  if (id) url.searchParams.set('cuenta', String(id))
  return `${BANK_PATH}${url.search}`
}

export async function bankAction({
  request,
  context,
  session,
}: {
  request: Request
  context: AppLoadContext
  session: WebSession
}) {
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const token = session.token
  const id = positiveId(formData.get('id'))

  if (intent === 'add' || intent === 'edit') {
    const submission = parseWithZod(formData, { schema: bankFormSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply(), stamp: stamp() }, { status: 400 })
    const payload = bankPayloadFromForm(submission.value)
    if (intent === 'add') {
      const res = await driverApi.addBank(context, token, payload)
      if (!res.ok) {
        await signOutIfRefused(request, res.status)
        return data(
          {
            intent,
            result: submission.reply({ formErrors: serviceMessages(res, BANK_PAGE_ERRORS.save) }),
            stamp: stamp(),
          },
          { status: res.status },
        )
      }
      return redirectWithToast(pageFor(request, res.data.bank_detail.id_bank_detail), {
        type: 'success',
        message: res.data.message,
      })
    }
    const loaded = id ? await driverApi.bank(context, token, id) : null
    if (!id || !loaded?.ok)
      return redirectWithToast(pageFor(request, null), { type: 'error', message: BANK_PAGE_ERRORS.save })
    // Spec §5: only the changed fields are sent, and nothing when none changed.
    const changes = changedBankFields(loaded.data as unknown as Record<string, unknown>, payload)
    if (Object.keys(changes).length === 0)
      return data({ intent, result: submission.reply(), notice: BANK_MESSAGES.noChanges, stamp: stamp() })
    const res = await driverApi.updateBank(context, token, id, changes)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return data(
        {
          intent,
          result: submission.reply({ formErrors: serviceMessages(res, BANK_PAGE_ERRORS.save) }),
          stamp: stamp(),
        },
        { status: res.status },
      )
    }
    return redirectWithToast(pageFor(request, id), { type: 'success', message: res.data.message })
  }

  if (intent === 'select') {
    const selected = String(formData.get('selected') ?? '')
    if (!id || !(BANK_SELECTION_VALUES as readonly string[]).includes(selected))
      return redirectWithToast(pageFor(request, id), { type: 'error', message: BANK_PAGE_ERRORS.select })
    const res = await driverApi.selectBank(context, token, id, selected)
    // Spec §4: an answer from 200 to 204 counts as accepted.
    if (res.status >= 200 && res.status <= 204)
      return redirectWithToast(pageFor(request, id), {
        type: 'success',
        message: res.ok ? res.data.message : 'Cuenta actualizada.',
      })
    await signOutIfRefused(request, res.status)
    return redirectWithToast(pageFor(request, id), {
      type: 'error',
      message: res.ok ? BANK_PAGE_ERRORS.select : serviceMessages(res, BANK_PAGE_ERRORS.select).join(' '),
    })
  }

  if (intent === 'delete') {
    // Spec §5: a missing or zero id is ignored.
    if (!id) return redirectWithToast(pageFor(request, null), { type: 'info', message: BANK_PAGE_ERRORS.delete })
    const res = await driverApi.deleteBank(context, token, id)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return data({ intent, errors: [BANK_PAGE_ERRORS.delete], stamp: stamp() }, { status: res.status })
    }
    return redirectWithToast(pageFor(request, null), { type: 'success', message: res.data.message })
  }

  return data({ intent, errors: ['Acción no válida.'], stamp: stamp() }, { status: 400 })
}
