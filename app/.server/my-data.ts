import type { AppLoadContext } from 'react-router'
import { rectificationSchema } from '#domain/validation/my-data'
import { requireSession } from './auth'
import { fetchExportFile, myDataApi, type MyDataRole } from './backend/my-data'
import { formAction, withSchema } from './form-action'
import { privateFileResponse, redirectWithToast, required, serviceMessages } from './responses'
import type { WebSession } from './session'

/** What the page says when the service fails without a message of its own. */
export const MY_DATA_PAGE_ERRORS = {
  export: 'No se pudo pedir la copia de tus datos. Intenta nuevamente.',
  rectification: 'No se pudo enviar tu solicitud. Intenta nuevamente.',
} as const

/** Where «Mis datos» lives for each kind of account. */
export const MY_DATA_PATH: Record<MyDataRole, string> = {
  User: '/user/dashboard/settings/mis-datos',
  business: '/business/dashboard/mis-datos',
}

/** The page's data: the account's state and requests (decision 75), and the time they are shown at. */
export async function myDataLoader(request: Request, context: AppLoadContext, role: MyDataRole) {
  const session = await requireSession(request, context, role)
  const myData = await required(request, await myDataApi.get(context, role, session.token))
  return { ...myData, now: Date.now(), base: MY_DATA_PATH[role], role }
}

type Args = { request: Request; context: AppLoadContext; session: WebSession }

/**
 * Its two forms: «Preparar mi copia» and the rectification request. A success goes back to the page
 * with a toast (JS or not); a refusal (429: one export a day; 400) stays with the service's message.
 */
export async function myDataAction(request: Request, context: AppLoadContext, role: MyDataRole) {
  const session = await requireSession(request, context, role)
  const page = MY_DATA_PATH[role]
  return formAction<Args>({
    export: async ({ fail }) => {
      const res = await myDataApi.requestExport(context, role, session.token)
      if (!res.ok) return fail(res, { errors: serviceMessages(res, MY_DATA_PAGE_ERRORS.export) })
      return redirectWithToast(page, { type: 'success', message: res.data.message })
    },
    rectification: withSchema(rectificationSchema, async ({ value, submission, fail }) => {
      const res = await myDataApi.rectification(context, role, session.token, value)
      if (!res.ok) {
        const formErrors = serviceMessages(res, MY_DATA_PAGE_ERRORS.rectification)
        return fail(res, { result: submission.reply({ formErrors }) })
      }
      return redirectWithToast(page, { type: 'success', message: res.data.message })
    }),
  })({ request, context, session })
}

/** An export's ZIP, to its owner only (the service checks it); anything else is a 404. */
export async function myDataExportFile(
  request: Request,
  context: AppLoadContext,
  role: MyDataRole,
  rawId: string | undefined,
) {
  const session = await requireSession(request, context, role)
  if (!rawId || !/^\d{1,12}$/.test(rawId)) return new Response('No encontrado', { status: 404 })
  return privateFileResponse(await fetchExportFile(context, role, session.token, Number(rawId)))
}
