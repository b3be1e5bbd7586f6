import { createHmac } from 'node:crypto'
import { createCookieSessionStorage, type SessionStorage } from 'react-router'
import { z } from 'zod'
import { env } from './env'

/** How long an alert stays with JS in the driver, company and console areas (spec §8/§9). */
export const ALERT_MS = 4000

/**
 * A message that survives one redirect (cookie flash), read once by the root loader. The cookie
 * is signed (React Router's cookie session storage) and what it holds is checked with this schema
 * before a page shows it: a forged or stale value is dropped, never cast.
 */
const toastSchema = z.object({
  type: z.enum(['success', 'error', 'info']),
  message: z.string().min(1).max(2000),
  /** How long it stays with JS (spec §8/§9); without JS it stays on the page. */
  durationMs: z.number().int().min(0).max(60_000),
})
export type Toast = z.infer<typeof toastSchema>

const COOKIE_NAME = '__fleeters_toast'

/** `Secure` whenever the site is served over https (PUBLIC_URL), like the session cookie. */
export function toastCookieOptions() {
  const secure = env().config.PUBLIC_URL?.startsWith('https:') ?? false
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', maxAge: 60, secure }
}

let storage: SessionStorage<Record<string, never>, { toast: Toast }> | undefined
function toastStorage() {
  // Its own key, derived from the cookie key: signing never reuses the session's encryption key.
  const secret = createHmac('sha256', env().keys.cookie).update('fleeters:toast-cookie').digest('base64url')
  return (storage ??= createCookieSessionStorage({
    cookie: { name: COOKIE_NAME, ...toastCookieOptions(), secrets: [secret] },
  }))
}

/** The Set-Cookie header that carries `toast` to the next page. */
export async function setToast(toast: Toast): Promise<string> {
  const s = toastStorage()
  const session = await s.getSession()
  session.flash('toast', toastSchema.parse(toast))
  return s.commitSession(session)
}

/** The toast the request carries, if it is ours and well formed, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const header = request.headers.get('Cookie')
  if (!header?.includes(`${COOKIE_NAME}=`)) return { toast: null, clear: null }
  const s = toastStorage()
  const session = await s.getSession(header)
  const parsed = toastSchema.safeParse(session.get('toast'))
  return { toast: parsed.success ? parsed.data : null, clear: await s.destroySession(session) }
}
