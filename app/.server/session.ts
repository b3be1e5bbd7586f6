import { decodeJwt, EncryptJWT, jwtDecrypt } from 'jose'
import { LRUCache } from 'lru-cache'
import { createCookie } from 'react-router'
import type { ConsentDocument } from '#domain/privacy'
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
  /** Console and companies: where the session stands with its second factor (decision 77), as the service says. */
  second_factor?: 'ok' | 'enrol' | 'verify'
  /** Drivers and companies: the legal documents to accept before the area opens (decision 74), as the service says. */
  pending_documents?: ConsentDocument[]
  /** Drivers: the companies' messages not read yet, as the service says (decision 124). */
  unread_messages?: number
  /** Console accounts: «revisor» or «administrador», as the service says. */
  staff_role?: 'revisor' | 'administrador' | null
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

/**
 * Cookies being or already decrypted, by their exact value. A signed-in driver
 * sends the same cookie with every page, and each page has several loaders (root, area layout,
 * page) that read it: AES-GCM through WebCrypto cost ~0.5 ms of a ~12 ms dashboard render. One
 * decryption per cookie value serves them all, the concurrent loaders of its first request
 * included. Only a value that decrypted and authenticated under the current key stays (a forged
 * or unreadable cookie is dropped as soon as it fails, so it is tried afresh and never fills the
 * cache); bounded, least recently used out first; expiry is checked on every read; revocation is
 * where it was: the services look the session up on each call. Per key object, so another key
 * starts empty.
 */
const opened = new WeakMap<object, LRUCache<string, Promise<WebSession | null>>>()

async function decryptSession(raw: string, key: Uint8Array): Promise<WebSession | null> {
  try {
    const { payload } = await jwtDecrypt(raw, key)
    const session = payload.session as WebSession | undefined
    if (!session || typeof session.token !== 'string') return null
    // Shared by every request that sends this cookie: nobody may change it.
    Object.freeze(session.user)
    return Object.freeze(session)
  } catch {
    return null
  }
}

function openSession(raw: string): Promise<WebSession | null> {
  const key = env().keys.cookie
  let cache = opened.get(key)
  if (!cache) opened.set(key, (cache = new LRUCache<string, Promise<WebSession | null>>({ max: 2000 })))
  let pending = cache.get(raw)
  if (!pending) {
    const opening = decryptSession(raw, key)
    cache.set(raw, (pending = opening))
    void opening.then((session) => {
      if (!session && cache.get(raw) === opening) cache.delete(raw)
    })
  }
  return pending
}

/** The session cookie's value in the request's Cookie header. */
async function sessionCookieValue(request: Request): Promise<string | null> {
  const header = request.headers.get('Cookie')
  if (!header || !header.includes(`${COOKIE_NAME}=`)) return null
  const raw = (await cookie(request).parse(header)) as unknown
  return typeof raw === 'string' && raw ? raw : null
}

/** One session at a time: reading restores it only while its token is unexpired. */
export async function getSession(request: Request): Promise<WebSession | null> {
  const raw = await sessionCookieValue(request)
  if (!raw) return null
  const session = await openSession(raw)
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
