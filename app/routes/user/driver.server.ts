import { redirect, type AppLoadContext } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import type { BackendResult } from '#app/.server/backend/client'
import { fetchDriverFile } from '#app/.server/backend/driver-area'
import { limitStream } from '#app/.server/body-limit'
import { setToast, type Toast } from '#app/.server/toast'

/** Spec §9: driver alerts stay 4 s. */
export const DRIVER_ALERT_MS = 4000

/**
 * The data of a call the page cannot do without. A token the service no longer accepts (revoked,
 * expired, wrong role) ends the web session too, as the guard of spec §6 does.
 */
export async function required<T>(request: Request, res: BackendResult<T>): Promise<T> {
  if (res.ok) return res.data
  await signOutIfRefused(request, res.status)
  throw new Response(null, { status: res.status === 404 ? 404 : 503 })
}

export { signOutIfRefused }

export async function redirectWithToast(to: string, toast: Omit<Toast, 'durationMs'> & { durationMs?: number }, cookies: string[] = []): Promise<never> {
  const headers = new Headers()
  for (const c of cookies) headers.append('Set-Cookie', c)
  headers.append('Set-Cookie', await setToast({ durationMs: DRIVER_ALERT_MS, ...toast }))
  throw redirect(to, { headers })
}

/** A positive integer id from a form or URL value, else null (spec §5: missing or 0 ids are ignored). */
export function idFrom(value: FormDataEntryValue | string | null | undefined): number | null {
  const n = Number(typeof value === 'string' ? value : '')
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/**
 * A multipart body read with a ceiling, streaming: a declared Content-Length over `maxBytes` is
 * refused before anything is read, and a body that passes `maxBytes` while arriving is cut off
 * there ('too-large'); nothing beyond the limit is read or kept. The page answers 413 with its
 * message, and the server discards what the browser still sends (decision 30), so it reads the
 * page rather than a reset connection. The multipart parsing itself is the platform's
 * (Request.formData()), over the counted stream.
 */
export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData | 'too-large' | 'invalid'> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > maxBytes) return 'too-large'
  if (!request.body) return 'invalid'
  let overflow = false
  const body = limitStream(request.body, maxBytes, () => (overflow = true))
  try {
    return await new Request(request.url, { method: 'POST', headers: request.headers, body, duplex: 'half' } as RequestInit).formData()
  } catch {
    return overflow ? 'too-large' : 'invalid'
  }
}

/** Streams a private file of the service to its owner (see files.$id.ts, photo.$id.ts). */
export async function proxyPrivateFile(request: Request, context: AppLoadContext, path: string, id: string) {
  const session = await requireSession(request, context, 'User')
  if (!/^\d{1,12}$/.test(id)) return new Response('No encontrado', { status: 404 })
  const res = await fetchDriverFile(context, session.token, path)
  if (!res || !res.ok || !res.body) {
    await res?.body?.cancel()
    return new Response('No encontrado', { status: res?.status === 401 ? 401 : 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  const headers = new Headers({
    'Content-Type': res.headers.get('content-type') ?? 'application/octet-stream',
    'Content-Disposition': res.headers.get('content-disposition') ?? 'inline',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': res.headers.get('content-security-policy') ?? 'sandbox',
  })
  const length = res.headers.get('content-length')
  if (length) headers.set('Content-Length', length)
  return new Response(res.body, { status: 200, headers })
}
