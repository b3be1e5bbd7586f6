import { parseWithZod } from '@conform-to/zod/v4'
import { data, type AppLoadContext } from 'react-router'
import { changePasswordSchema } from '#domain/validation/auth'
import { requireSession, signOutIfRefused } from './auth'
import { authApi, type AccountRole } from './backend/auth'
import { redirectWithToast, required, serviceMessages } from './responses'

/** What the page says when the service fails without a message of its own. */
export const SECURITY_PAGE_ERRORS = {
  password: 'No se pudo cambiar la contraseña. Intenta nuevamente.',
  sessions: 'No se pudo cerrar la sesión. Intenta nuevamente.',
} as const

const HIDDEN = ['currentPassword', 'password', 'confirmPassword']
const stamp = () => Date.now()

/** The «Seguridad» page's data: the account's open sessions, and the time they are shown at. */
export async function securityLoader(request: Request, context: AppLoadContext, role: AccountRole) {
  const session = await requireSession(request, context, role)
  const { sessions } = await required(request, await authApi.sessions(context, role, session.token))
  return { sessions, now: Date.now() }
}

/**
 * Its three forms. A success goes back to `page` with a toast (JS or not); a
 * refused change stays on the page with the service's message (4xx) and no password echoed.
 */
export async function securityAction(request: Request, context: AppLoadContext, role: AccountRole, page: string) {
  const session = await requireSession(request, context, role)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')

  if (intent === 'change-password') {
    const submission = parseWithZod(formData, { schema: changePasswordSchema })
    if (submission.status !== 'success')
      return data({ intent, result: submission.reply({ hideFields: HIDDEN }), stamp: stamp() }, { status: 400 })
    const res = await authApi.changePassword(context, role, session.token, {
      current_password: submission.value.currentPassword,
      password: submission.value.password,
    })
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      const formErrors = serviceMessages(res, SECURITY_PAGE_ERRORS.password)
      return data(
        { intent, result: submission.reply({ formErrors, hideFields: HIDDEN }), stamp: stamp() },
        { status: res.status },
      )
    }
    return redirectWithToast(page, { type: 'success', message: res.data.message })
  }

  if (intent === 'close-others' || intent === 'close-session') {
    const id = String(formData.get('id') ?? '')
    const res =
      intent === 'close-others'
        ? await authApi.closeOtherSessions(context, role, session.token)
        : await authApi.closeSession(context, role, session.token, id)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      // A session closed meanwhile (404) says so; anything else gets the page's message.
      const errors = res.status === 404 ? [String(res.message)] : serviceMessages(res, SECURITY_PAGE_ERRORS.sessions)
      return data({ intent, errors, stamp: stamp() }, { status: res.status })
    }
    return redirectWithToast(page, { type: 'success', message: res.data.message })
  }

  return data({ intent, errors: ['Acción no válida.'], stamp: stamp() }, { status: 400 })
}
