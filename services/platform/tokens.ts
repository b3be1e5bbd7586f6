import { jwtVerify, SignJWT } from 'jose'
import type { Role } from './db/schema'

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60

export interface SessionClaims {
  sub: string
  role: Role
  sid: string
  iat: number
  exp: number
}

/**
 * The HMAC key as WebCrypto holds it, imported once per secret: jose imports a raw secret again on
 * every sign and verify, which was about two thirds of a token check.
 */
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>()

function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = imported.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ])
    imported.set(secret, key)
  }
  return key
}

export async function signSessionToken(
  key: Uint8Array,
  claims: { userId: number; role: Role; sessionId: string },
  now: Date,
  ttlSeconds = SESSION_TTL_SECONDS,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setIssuer('fleeters')
    .setAudience('fleeters:session')
    .sign(await hmacKey(key))
}

export async function verifySessionToken(key: Uint8Array, token: string, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: ['HS256'],
      issuer: 'fleeters',
      audience: 'fleeters:session',
      currentDate: now,
    })
    const { sub, role, sid, iat, exp } = payload as Partial<SessionClaims>
    if (!sub || !sid || !iat || !exp || (role !== 'User' && role !== 'business' && role !== 'admin')) return null
    return { sub, role, sid, iat, exp }
  } catch {
    return null
  }
}
