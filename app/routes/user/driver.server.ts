import type { AppLoadContext } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { fetchDriverFile } from '#app/.server/backend/driver-area'

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
