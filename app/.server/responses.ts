import { redirect } from 'react-router'
import { signOutIfRefused } from './auth'
import { messageList, type BackendResult } from './backend/client'
import { ALERT_MS, setToast, type Toast } from './toast'

/**
 * What loaders and actions of every area answer with, in one place: the data of a call the page
 * cannot do without, a redirect that carries a toast, the id in a form or URL, and the messages
 * of a refused call.
 */

/** The data of a call the page needs. A token the service refuses ends the session (spec §6). */
export async function required<T>(request: Request, res: BackendResult<T>): Promise<T> {
  if (res.ok) return res.data
  await signOutIfRefused(request, res.status)
  throw new Response(null, { status: res.status === 404 ? 404 : 503 })
}

/** The data of a call the page can do without (null when it fails). A token the service refuses ends the session. */
export async function optional<T>(request: Request, res: BackendResult<T>): Promise<T | null> {
  if (res.ok) return res.data
  await signOutIfRefused(request, res.status)
  return null
}

/** Redirects to `to` with a toast (4 s with JS unless it says otherwise) and any other cookies. */
export async function redirectWithToast(
  to: string,
  toast: Omit<Toast, 'durationMs'> & { durationMs?: number },
  cookies: string[] = [],
): Promise<never> {
  const headers = new Headers()
  for (const c of cookies) headers.append('Set-Cookie', c)
  headers.append('Set-Cookie', await setToast({ durationMs: ALERT_MS, ...toast }))
  throw redirect(to, { headers })
}

/** A 4xx from the service says something the person can fix; anything else gets `fallback`. */
export function serviceMessages(res: { status: number; message: string | string[] }, fallback: string): string[] {
  return res.status >= 400 && res.status < 500 && res.status !== 404 ? messageList(res.message) : [fallback]
}

/**
 * A private file of a service passed on to the person allowed to see it (a driver's own document,
 * the console's viewer): inline, never cached, with the service's sandbox policy (a PDF may carry
 * JavaScript); a refused or missing file is a plain 404 (401 when the token was refused).
 * `frameable` lets the console show it in a frame of its own pages (SAMEORIGIN).
 */
export async function privateFileResponse(res: Response | null, { frameable = false } = {}): Promise<Response> {
  if (!res || !res.ok || !res.body) {
    await res?.body?.cancel()
    return new Response('No encontrado', {
      status: res?.status === 401 ? 401 : 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const headers = new Headers({
    'Content-Type': res.headers.get('content-type') ?? 'application/octet-stream',
    'Content-Disposition': res.headers.get('content-disposition') ?? 'inline',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': res.headers.get('content-security-policy') ?? 'sandbox',
  })
  if (frameable) headers.set('X-Frame-Options', 'SAMEORIGIN')
  const length = res.headers.get('content-length')
  if (length) headers.set('Content-Length', length)
  return new Response(res.body, { status: 200, headers })
}
