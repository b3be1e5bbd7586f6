import type { AppLoadContext } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { privateFileResponse } from '#app/.server/responses'
import type { WebSession } from '#app/.server/session'

/**
 * The console's guard: a session the users service confirms as `admin`. No session or a refused
 * one goes to the login (and back here afterwards); a driver's or company's session is left
 * alone and sent to `/` (decision 23).
 */
export function requireAdmin(request: Request, context: AppLoadContext): Promise<WebSession> {
  return requireSession(request, context, 'admin')
}

/** Query filters of the review queue, carried from page to page. */
export function queueFilters(url: URL): { slot?: string; driver?: string } {
  const slot = url.searchParams.get('slot')?.trim() || undefined
  const driver = url.searchParams.get('driver')?.trim().slice(0, 100) || undefined
  return { slot, driver }
}

export function filterQuery(filters: { slot?: string; driver?: string }): string {
  const sp = new URLSearchParams()
  if (filters.slot) sp.set('slot', filters.slot)
  if (filters.driver) sp.set('driver', filters.driver)
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
