import { randomBytes } from 'node:crypto'
import { decodeJwt, jwtVerify, SignJWT } from 'jose'

/** Spec: the link to /crear-poder-simple lives 7 days and serves once. */
export const POWER_LINK_TTL_SECONDS = 7 * 24 * 60 * 60
/** The owner's link to review the generated document. */
export const POWER_REVIEW_TTL_SECONDS = 30 * 24 * 60 * 60

const ISSUER = 'fleeters'
/** Own audiences: a session token is never a power token, nor the other way round. */
const LINK_AUDIENCE = 'fleeters:simple-power'
const REVIEW_AUDIENCE = 'fleeters:simple-power-review'
export const POWER_LINK_PURPOSE = 'simple-power'
export const POWER_REVIEW_PURPOSE = 'simple-power-review'

export interface PowerLinkClaims {
  driverId: number
  jti: string
  iat: number
  exp: number
}

/** A signed token naming the driver, its purpose, issue and expiry times, and a random jti. */
export async function signPowerLinkToken(
  key: Uint8Array,
  driverId: number,
  now: Date,
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000)
  const jti = randomBytes(16).toString('base64url')
  const token = await new SignJWT({ purpose: POWER_LINK_PURPOSE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(driverId))
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + POWER_LINK_TTL_SECONDS)
    .setIssuer(ISSUER)
    .setAudience(LINK_AUDIENCE)
    .sign(key)
  return { token, jti, expiresAt: new Date((iat + POWER_LINK_TTL_SECONDS) * 1000) }
}

function positiveId(sub: string | undefined): number | null {
  const id = Number(sub)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** The claims of a genuine, unexpired link token; null for anything else (forged, expired, another kind). */
export async function verifyPowerLinkToken(
  key: Uint8Array,
  token: unknown,
  now: Date,
): Promise<PowerLinkClaims | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return null
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: LINK_AUDIENCE,
      currentDate: now,
    })
    const driverId = positiveId(payload.sub)
    if (payload.purpose !== POWER_LINK_PURPOSE || !driverId || !payload.jti || !payload.iat || !payload.exp) return null
    return { driverId, jti: payload.jti, iat: payload.iat, exp: payload.exp }
  } catch {
    return null
  }
}

/**
 * A genuine link token whatever its age: its claims and whether it has expired at `now`; null for
 * anything we did not sign as a link. The page tells an expired link (410) from a bad one (404).
 */
export async function inspectPowerLinkToken(
  key: Uint8Array,
  token: unknown,
  now: Date,
): Promise<{ claims: PowerLinkClaims; expired: boolean } | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return null
  let iat: number | undefined
  try {
    iat = decodeJwt(token).iat
  } catch {
    return null
  }
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return null
  // The signature, issuer, audience and purpose checked as of the moment it was issued.
  const claims = await verifyPowerLinkToken(key, token, new Date(iat * 1000))
  if (!claims || claims.iat !== iat) return null
  return { claims, expired: claims.exp * 1000 <= now.getTime() }
}

/** The owner's review link: names the power, nothing else. */
export async function signPowerReviewToken(key: Uint8Array, powerId: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000)
  return new SignJWT({ purpose: POWER_REVIEW_PURPOSE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(powerId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + POWER_REVIEW_TTL_SECONDS)
    .setIssuer(ISSUER)
    .setAudience(REVIEW_AUDIENCE)
    .sign(key)
}

export async function verifyPowerReviewToken(key: Uint8Array, token: unknown, now: Date): Promise<number | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return null
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: REVIEW_AUDIENCE,
      currentDate: now,
    })
    return payload.purpose === POWER_REVIEW_PURPOSE ? positiveId(payload.sub) : null
  } catch {
    return null
  }
}
