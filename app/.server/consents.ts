import { redirect, type AppLoadContext } from 'react-router'
import { LEGAL_DOCUMENTS, type ConsentDocument } from '#domain/privacy'
import { consentsApi, type ConsentRole } from './backend/consents'
import { optional } from './responses'
import { returnPathOf, safeRedirectPath } from './safe-redirect'
import type { WebSession } from './session'

/** The acceptance step of each area (decision 74): inside the area, so its menu and «Cerrar sesión» stay. */
export const ACCEPT_DOCUMENTS_PATH: Record<ConsentRole, string> = {
  User: '/user/dashboard/aceptar-condiciones',
  business: '/business/dashboard/aceptar-condiciones',
}

const HOME: Record<ConsentRole, string> = { User: '/user/dashboard/home', business: '/business/dashboard' }

/**
 * The area layouts' check, after the session guard: a driver or company that has not accepted
 * the current Términos y condiciones or Política de privacidad goes to the acceptance step,
 * which brings them back here afterwards. The session's answer says what is pending; a service
 * that does not say is asked (a failing one does not lock anyone out of their area: the step
 * comes on the next page; a refused token is the guard's login redirect).
 */
export async function requireCurrentConsents(
  request: Request,
  context: AppLoadContext,
  role: ConsentRole,
  session: WebSession,
): Promise<void> {
  if (new URL(request.url).pathname === ACCEPT_DOCUMENTS_PATH[role]) return
  const pending =
    session.user.pending_documents ??
    (await optional(request, await consentsApi.status(context, role, session.token)))?.pending
  if (!pending?.length) return
  throw redirect(`${ACCEPT_DOCUMENTS_PATH[role]}?${new URLSearchParams({ redirectTo: returnPathOf(request) })}`)
}

/** The step's loader: what is pending, with each document's name, link, version and what changed. */
export async function pendingDocumentsFor(request: Request, context: AppLoadContext, role: ConsentRole, token: string) {
  const status = await optional(request, await consentsApi.status(context, role, token))
  if (!status)
    throw new Response('El servicio no está disponible en este momento. Intenta nuevamente en unos segundos.', {
      status: 503,
      headers: { 'Retry-After': '5' },
    })
  return status.pending.map(({ document }) => ({ document, ...LEGAL_DOCUMENTS[document] }))
}

/** Where the step sends the person once they accepted: back where they were going, inside their own area. */
export function afterAcceptancePath(role: ConsentRole, value: unknown): string {
  const path = safeRedirectPath(value)
  const area = HOME[role] === '/user/dashboard/home' ? '/user/dashboard/' : '/business/dashboard'
  if (!path || !path.startsWith(area) || path.startsWith(ACCEPT_DOCUMENTS_PATH[role])) return HOME[role]
  return path
}

/** The two documents' names and addresses, for the registration checkboxes' labels (loader data). */
export function termsLinks() {
  const link = (doc: ConsentDocument) => ({ title: LEGAL_DOCUMENTS[doc].title, path: LEGAL_DOCUMENTS[doc].path })
  return { terms: link('terms'), privacy: link('privacy') }
}
