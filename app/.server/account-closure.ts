import { parseWithZod } from '@conform-to/zod/v4'
import { data, type AppLoadContext } from 'react-router'
import { formatDate } from '#domain/format'
import { deleteAccountSchema } from '#domain/validation/account-closure'
import { requireSession, signOutIfRefused } from './auth'
import { accountClosureApi } from './backend/account-closure'
import type { AccountRole } from './backend/auth'
import { redirectWithToast, required, serviceMessages } from './responses'
import { destroySession } from './session'

export const ACCOUNT_CLOSURE_PAGE_ERRORS = {
  delete: 'No se pudo pedir la eliminación de tu cuenta. Intenta nuevamente.',
  change: 'No se pudo guardar el cambio. Intenta nuevamente.',
} as const

/** The deletion toast stays long enough to read the date (with JS; without, it stays). */
const DELETION_TOAST_MS = 15_000

const stamp = () => Date.now()

/** The pages' data: the account's states (paused, opted out). */
export async function accountClosureLoader(request: Request, context: AppLoadContext, role: AccountRole) {
  const session = await requireSession(request, context, role)
  return required(request, await accountClosureApi.state(context, role, session.token))
}

/**
 * «Eliminar mi cuenta»: the password and the confirmation; the service signs every session out,
 * so the web session ends too and the person lands on the login with the date and how to cancel.
 */
export async function deleteAccountAction(request: Request, context: AppLoadContext, role: AccountRole) {
  const session = await requireSession(request, context, role)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: deleteAccountSchema })
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['password'] }), stamp: stamp() }, { status: 400 })
  const res = await accountClosureApi.deleteAccount(context, role, session.token, {
    current_password: submission.value.password,
  })
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    const formErrors = serviceMessages(res, ACCOUNT_CLOSURE_PAGE_ERRORS.delete)
    return data(
      { result: submission.reply({ formErrors, hideFields: ['password'] }), stamp: stamp() },
      { status: res.status },
    )
  }
  const date = formatDate(res.data.deletion_due_at, 'long')
  return redirectWithToast(
    '/login',
    {
      type: 'success',
      message:
        `Pediste eliminar tu cuenta: la eliminaremos el ${date}. Si cambias de opinión, ` +
        `inicia sesión antes de esa fecha.`,
      durationMs: DELETION_TOAST_MS,
    },
    [await destroySession(request)],
  )
}

/** «Pausar mi perfil» and the opt-out: one form each, a hidden `intent` and the wanted value. */
export async function pauseAction(request: Request, context: AppLoadContext, role: AccountRole, page: string) {
  const session = await requireSession(request, context, role)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const on = formData.get('value') === 'on'
  const res =
    intent === 'pause' && role === 'User'
      ? await accountClosureApi.pause(context, session.token, on)
      : intent === 'opt-out'
        ? await accountClosureApi.optOut(context, role, session.token, on)
        : null
  if (!res) return data({ intent, errors: ['Acción no válida.'], stamp: stamp() }, { status: 400 })
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    return data(
      { intent, errors: serviceMessages(res, ACCOUNT_CLOSURE_PAGE_ERRORS.change), stamp: stamp() },
      { status: res.status },
    )
  }
  return redirectWithToast(page, { type: 'success', message: res.data.message })
}
