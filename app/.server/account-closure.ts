import type { AppLoadContext } from 'react-router'
import { formatDate } from '#domain/format'
import { deleteAccountSchema } from '#domain/validation/account-closure'
import { requireSession } from './auth'
import { accountClosureApi } from './backend/account-closure'
import type { AccountRole } from './backend/auth'
import { formAction, withSchema, type Tools } from './form-action'
import { redirectWithToast, required, serviceMessages } from './responses'
import { destroySession, type WebSession } from './session'

export const ACCOUNT_CLOSURE_PAGE_ERRORS = {
  delete: 'No se pudo pedir la eliminación de tu cuenta. Intenta nuevamente.',
  change: 'No se pudo guardar el cambio. Intenta nuevamente.',
} as const

/** The deletion toast stays long enough to read the date (with JS; without, it stays). */
const DELETION_TOAST_MS = 15_000

/** The pages' data: the account's states (paused, opted out). */
export async function accountClosureLoader(request: Request, context: AppLoadContext, role: AccountRole) {
  const session = await requireSession(request, context, role)
  return required(request, await accountClosureApi.state(context, role, session.token))
}

type Args = { request: Request; context: AppLoadContext; session: WebSession }

/**
 * «Eliminar mi cuenta»: the password and the confirmation; the service signs every session out,
 * so the web session ends too and the person lands on the login with the date and how to cancel.
 */
export async function deleteAccountAction(request: Request, context: AppLoadContext, role: AccountRole) {
  const session = await requireSession(request, context, role)
  return formAction<Args>({
    default: withSchema(
      deleteAccountSchema,
      async ({ value, submission, fail }) => {
        const res = await accountClosureApi.deleteAccount(context, role, session.token, {
          current_password: value.password,
        })
        if (!res.ok) {
          const formErrors = serviceMessages(res, ACCOUNT_CLOSURE_PAGE_ERRORS.delete)
          return fail(res, { result: submission.reply({ formErrors, hideFields: ['password'] }) })
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
      },
      { hideFields: ['password'] },
    ),
  })({ request, context, session })
}

/** «Pausar mi perfil» (drivers) and the opt-out: one form each, a hidden `intent` and the wanted value. */
export async function pauseAction(request: Request, context: AppLoadContext, role: AccountRole, page: string) {
  const session = await requireSession(request, context, role)
  const toggle =
    (change: (on: boolean) => ReturnType<typeof accountClosureApi.optOut>) =>
    async ({ formData, fail }: Tools<object>) => {
      const res = await change(formData.get('value') === 'on')
      if (!res.ok) return fail(res, { errors: serviceMessages(res, ACCOUNT_CLOSURE_PAGE_ERRORS.change) })
      return redirectWithToast(page, { type: 'success', message: res.data.message })
    }
  return formAction<Args>({
    ...(role === 'User' ? { pause: toggle((on) => accountClosureApi.pause(context, session.token, on)) } : {}),
    'opt-out': toggle((on) => accountClosureApi.optOut(context, role, session.token, on)),
  })({ request, context, session })
}
