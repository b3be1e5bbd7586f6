import { data, redirect, type AppLoadContext } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { adminApi } from '#app/.server/backend/admin'
import { messageList, type BackendResult } from '#app/.server/backend/client'
import { optional, privateFileResponse } from '#app/.server/responses'
import { returnPathOf, safeRedirectPath } from '#app/.server/safe-redirect'
import type { WebSession } from '#app/.server/session'
import { setToast } from '#app/.server/toast'
import { pagePath } from '#app/paths'
import { ADMIN_MESSAGES, REJECTION_REASONS } from '#domain/validation/admin-constants'
import { REAUTH_REQUIRED_MESSAGE, STAFF_ROLE_FORBIDDEN_MESSAGE } from '#domain/validation/staff'

/**
 * The console's guard: a session the users service confirms as `admin`. No session or a refused
 * one goes to the login (and back here afterwards); a driver's or company's session is left
 * alone and sent to `/` (decision 23).
 */
export function requireAdmin(request: Request, context: AppLoadContext): Promise<WebSession> {
  return requireSession(request, context, 'admin')
}

/**
 * Pages only an «administrador» may open (content, companies, «Equipo»; decision 77): a
 * «revisor» sees «Sin permiso» inside the console (403), as the services answer.
 */
export async function requireAdministrador(request: Request, context: AppLoadContext): Promise<WebSession> {
  const session = await requireAdmin(request, context)
  if (session.user.staff_role !== 'administrador')
    throw data({ message: STAFF_ROLE_FORBIDDEN_MESSAGE }, { status: 403 })
  return session
}

export function isAdministrador(session: WebSession): boolean {
  return session.user.staff_role === 'administrador'
}

/** Where the re-authentication page sends back to, this page unless told. */
export const REAUTH_PATH = pagePath('/admin/confirmar')
export function reauthUrl(back: string | null | undefined): string {
  const safe = safeRedirectPath(back)
  return safe ? `${REAUTH_PATH}?${new URLSearchParams({ volver: safe })}` : REAUTH_PATH
}

/**
 * A sensitive action the service refused for want of a recent proof of identity (10 minutes):
 * to the re-authentication page, which comes back to `back` (the page the action was posted
 * from) — the person then repeats the action. The service is the only judge of «recent».
 */
export async function reauthIfAsked(request: Request, res: BackendResult<unknown>, back?: string): Promise<void> {
  if (res.ok || res.status !== 403 || !messageList(res.message).includes(REAUTH_REQUIRED_MESSAGE)) return
  throw redirect(reauthUrl(back ?? returnPathOf(request)), {
    headers: { 'Set-Cookie': await setToast({ type: 'info', message: REAUTH_REQUIRED_MESSAGE, durationMs: 6000 }) },
  })
}

/** Query filters of the review queue, carried from page to page (`due`: one part of the clock's split). */
export interface QueueQuery {
  slot?: string
  origin?: string
  driver?: string
  due?: string
  alerts?: string
}

export function queueFilters(url: URL): QueueQuery {
  const slot = url.searchParams.get('slot')?.trim() || undefined
  const origin = url.searchParams.get('origin')?.trim() || undefined
  const driver = url.searchParams.get('driver')?.trim().slice(0, 100) || undefined
  const due = url.searchParams.get('due')?.trim() || undefined
  const alerts = url.searchParams.get('alerts')?.trim() || undefined
  return { slot, origin, driver, due, alerts }
}

export function filterQuery(filters: QueueQuery): string {
  const sp = new URLSearchParams()
  if (filters.slot) sp.set('slot', filters.slot)
  if (filters.origin) sp.set('origin', filters.origin)
  if (filters.driver) sp.set('driver', filters.driver)
  if (filters.alerts) sp.set('alerts', filters.alerts)
  if (filters.due) sp.set('due', filters.due)
  const s = sp.toString()
  return s ? `?${s}` : ''
}

/**
 * A stored file from the service as an inline answer for the console's pages. The console may
 * frame it (the PDF viewer beside the driver's data): SAMEORIGIN instead of the site-wide DENY.
 */
export function proxyAdminFile(res: Response | null): Promise<Response> {
  return privateFileResponse(res, { frameable: true })
}

type ReviewBody = { decision: 'ACCEPTED'; expires_on?: string } | { decision: 'REJECTED'; reason: string }

/**
 * The decision a review form posts (the single document's page and the per-driver review): intent
 * approve, with the expiry date of a kind that expires as the reviewer confirmed or corrected it;
 * or reject, with a listed reason (reason_choice) or «Otro motivo» written in reason_other.
 */
export function reviewDecision(form: FormData): { body: ReviewBody } | { error: string } {
  const intent = form.get('intent')
  const expiresOn = form.get('expires_on')
  if (intent === 'approve')
    return {
      body: typeof expiresOn === 'string' ? { decision: 'ACCEPTED', expires_on: expiresOn } : { decision: 'ACCEPTED' },
    }
  if (intent !== 'reject') return { error: 'Acción no válida.' }
  const choice = String(form.get('reason_choice') ?? '')
  const other = String(form.get('reason_other') ?? '').trim()
  const preset = REJECTION_REASONS.find((r) => r.key === choice)
  const reason = choice === 'otro' || !preset ? other : preset.text
  return reason ? { body: { decision: 'REJECTED', reason } } : { error: ADMIN_MESSAGES.reasonRequired }
}

/** How many of a PDF document's pages the service draws, or why not (decision 91); undefined for others. */
export async function pdfPages(
  request: Request,
  context: AppLoadContext,
  token: string,
  doc: { id: number; type_name: string; file_removed_at: string | null },
): Promise<{ shown: number; total: number } | { error: string } | undefined> {
  if (doc.type_name !== 'application/pdf' || doc.file_removed_at) return undefined
  const res = await adminApi.documentPages(context, token, doc.id)
  // A refused token ends the session as the page's other calls do (optional); any other failure is told here.
  const pages = await optional(request, res)
  if (pages) return pages
  return { error: (!res.ok && messageList(res.message)[0]) || 'No se pudo mostrar el PDF en la página.' }
}
