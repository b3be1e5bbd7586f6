import { createCookie } from 'react-router'
import { env } from './env'

/** A message that survives one redirect (cookie flash), read once by the root loader. */
export interface Toast {
  type: 'success' | 'error' | 'info'
  message: string
  /** How long it stays with JS (spec §8/§9); without JS it stays on the page. */
  durationMs: number
}

/** `Secure` whenever the site is served over https (PUBLIC_URL), like the session cookie. */
export function toastCookieOptions() {
  const secure = env().config.PUBLIC_URL?.startsWith('https:') ?? false
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', maxAge: 60, secure }
}

let cookie: ReturnType<typeof createCookie> | undefined
const toastCookie = {
  get: () => (cookie ??= createCookie('__fleeters_toast', toastCookieOptions())),
  serialize: (value: string, options?: { maxAge?: number }) => toastCookie.get().serialize(value, options),
  parse: (header: string | null) => toastCookie.get().parse(header),
}

export async function setToast(toast: Toast): Promise<string> {
  return toastCookie.serialize(Buffer.from(JSON.stringify(toast), 'utf8').toString('base64url'))
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = (await toastCookie.parse(request.headers.get('Cookie'))) as string | null
  if (!raw) return { toast: null, clear: null }
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Toast
    return { toast: parsed, clear: await toastCookie.serialize('', { maxAge: 0 }) }
  } catch {
    return { toast: null, clear: await toastCookie.serialize('', { maxAge: 0 }) }
  }
}
