import type { AppLoadContext } from 'react-router'
import { changePasswordSchema } from '#domain/validation/auth'
import { requireSession } from './auth'
import { authApi, type AccountRole } from './backend/auth'
import { formAction, withSchema, type Reply, type Tools } from './form-action'
import { redirectWithToast, required, serviceMessages } from './responses'
import type { WebSession } from './session'

/** What the page says when the service fails without a message of its own. */
export const SECURITY_PAGE_ERRORS = {
  password: 'No se pudo cambiar la contraseña. Intenta nuevamente.',
  sessions: 'No se pudo cerrar la sesión. Intenta nuevamente.',
} as const

const HIDDEN = ['currentPassword', 'password', 'confirmPassword']

/** The «Seguridad» page's data: the account's open sessions, and the time they are shown at. */
export async function securityLoader(request: Request, context: AppLoadContext, role: AccountRole) {
  const session = await requireSession(request, context, role)
  const { sessions } = await required(request, await authApi.sessions(context, role, session.token))
  return { sessions, now: Date.now() }
}

/** What the page's intents get: the guard's session besides the request. */
export type SecurityArgs = { request: Request; context: AppLoadContext; session: WebSession }
type SecurityIntent = (a: SecurityArgs & Tools<object>) => Promise<Reply | Response>

/**
 * Its three forms, as intents a route's action may extend (the company's second factor). A
 * success goes back to `page` with a toast (JS or not); a refused change stays on the page with
 * the service's message (4xx) and no password echoed.
 */
export function securityIntents(
  role: AccountRole,
  page: string,
): Record<'change-password' | 'close-others' | 'close-session', SecurityIntent> {
  const closeSession: SecurityIntent = async ({ context, session, formData, intent, fail }) => {
    const res =
      intent === 'close-others'
        ? await authApi.closeOtherSessions(context, role, session.token)
        : await authApi.closeSession(context, role, session.token, String(formData.get('id') ?? ''))
    if (!res.ok) {
      // A session closed meanwhile (404) says so; anything else gets the page's message.
      const errors = res.status === 404 ? [String(res.message)] : serviceMessages(res, SECURITY_PAGE_ERRORS.sessions)
      return fail(res, { errors })
    }
    return redirectWithToast(page, { type: 'success', message: res.data.message })
  }
  return {
    'change-password': withSchema(
      changePasswordSchema,
      async ({ context, session, value, submission, fail }) => {
        const res = await authApi.changePassword(context, role, session.token, {
          current_password: value.currentPassword,
          password: value.password,
        })
        if (!res.ok) {
          const formErrors = serviceMessages(res, SECURITY_PAGE_ERRORS.password)
          return fail(res, { result: submission.reply({ formErrors, hideFields: HIDDEN }) })
        }
        return redirectWithToast(page, { type: 'success', message: res.data.message })
      },
      { hideFields: HIDDEN },
    ),
    'close-others': closeSession,
    'close-session': closeSession,
  }
}

/** The page's action, for the account `role` guarded first. */
export async function securityAction(request: Request, context: AppLoadContext, role: AccountRole, page: string) {
  const session = await requireSession(request, context, role)
  return formAction<SecurityArgs>(securityIntents(role, page))({ request, context, session })
}
