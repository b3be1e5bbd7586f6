import { decodeJwt, EncryptJWT, jwtDecrypt } from 'jose'
import { createCookie, type AppLoadContext } from 'react-router'
import { env } from './env'

/** The logged-in user as the pages need it (spec §3 session object, trimmed). */
export interface SessionUser {
  role: 'User' | 'business' | 'admin'
  email: string
  firstname: string
  lastname: string
  rut: string | null
  phone: string | null
  address: string | null
  about_me: string | null
  img_profile: string | null
  email_verified: boolean
}

export interface WebSession {
  token: string
  /** Expiry of the backend token (seconds since epoch): the cookie is void after it. */
  exp: number
  user: SessionUser
}

const COOKIE_NAME = '__fleeters_session'

function cookie(request: Request) {
  const { config } = env()
  const secure = new URL(request.url).protocol === 'https:' || (config.PUBLIC_URL?.startsWith('https:') ?? false)
  return createCookie(COOKIE_NAME, { httpOnly: true, sameSite: 'lax', path: '/', secure })
}

function decodeExp(token: string): number {
  try {
    const { exp } = decodeJwt(token)
    return typeof exp === 'number' ? exp : 0
  } catch {
    return 0
  }
}

async function decryptSession(raw: string): Promise<WebSession | null> {
  try {
    const { payload } = await jwtDecrypt(raw, env().keys.cookie)
    const session = payload.session as WebSession | undefined
    if (!session || typeof session.token !== 'string') return null
    return session
  } catch {
    return null
  }
}

/**
 * The cookie decrypted once per request (issue 14 item 2): the root loader, the area's layout
 * and the page all read the session of one request, each with its own copy of the Request
 * (React Router makes one per loader) but one load context. Keyed by the cookie's value too, so
 * a cookie changed mid-request is never mistaken for another.
 */
const decrypted = new WeakMap<AppLoadContext, Map<string, Promise<WebSession | null>>>()

/**
 * One session at a time: reading restores it only while its token is unexpired. With the load
 * context, the cookie is decrypted once for every loader of the request.
 */
export async function getSession(request: Request, context?: AppLoadContext): Promise<WebSession | null> {
  const raw = (await cookie(request).parse(request.headers.get('Cookie'))) as string | null
  if (!raw) return null
  let session: WebSession | null
  if (context) {
    let perRequest = decrypted.get(context)
    if (!perRequest) decrypted.set(context, (perRequest = new Map()))
    let pending = perRequest.get(raw)
    if (!pending) perRequest.set(raw, (pending = decryptSession(raw)))
    session = await pending
  } else {
    session = await decryptSession(raw)
  }
  if (!session || session.exp * 1000 <= Date.now()) return null
  return session
}

export async function commitSession(request: Request, token: string, user: SessionUser): Promise<string> {
  const exp = decodeExp(token)
  const value = await new EncryptJWT({ session: { token, exp, user } satisfies WebSession })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .encrypt(env().keys.cookie)
  const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000))
  return cookie(request).serialize(value, { maxAge })
}

export async function destroySession(request: Request): Promise<string> {
  return cookie(request).serialize('', { maxAge: 0 })
}

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(request: Request): boolean {
  return (request.headers.get('Cookie') ?? '').includes(`${COOKIE_NAME}=`)
}
