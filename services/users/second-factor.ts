import { randomBytes } from 'node:crypto'
import {
  decodeBase64url,
  encodeBase32LowerCaseNoPadding,
  encodeBase32UpperCaseNoPadding,
  encodeBase64url,
} from '@oslojs/encoding'
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp'
import type { Kysely } from 'kysely'
import QRCode from 'qrcode'
import type { SecondFactorState } from '#domain/contract/staff'
import { RECOVERY_CODE } from '#domain/validation/staff'
import { hmac, safeEqual } from '#services/platform/crypto'
import type { Database } from '#services/platform/db/schema'
import { loadKeyring, resealed, seal, unseal, type Keyring } from '#services/platform/file-crypto'
import type { Platform } from '#services/platform/platform'

/**
 * The second factor (decision 77): an authenticator app (TOTP, RFC 6238: HMAC-SHA1, 30-second
 * steps, 6 digits, computed by @oslojs/otp's HOTP on the platform's clock, so tests can move it)
 * and ten single-use recovery codes.
 */
export const TOTP_STEP_MS = 30_000
export const TOTP_DIGITS = 6
export const RECOVERY_CODE_COUNT = 10
const ISSUER = 'Fleeters'

/** The data keys of the stored files (file-crypto.ts) also seal the TOTP secrets: one key to guard, one rotation. */
const rings = new WeakMap<Platform['config'], Keyring>()
function ringOf(p: Platform): Keyring {
  let ring = rings.get(p.config)
  if (!ring) {
    ring = loadKeyring({
      key: p.config.DATA_ENCRYPTION_KEY,
      oldKeys: p.config.DATA_ENCRYPTION_OLD_KEYS,
      dataDir: p.config.dataDir,
    })
    rings.set(p.config, ring)
  }
  return ring
}

export function sealSecret(p: Platform, secret: Uint8Array): string {
  return encodeBase64url(seal(ringOf(p), secret))
}

export function openSecret(p: Platform, sealed: string): Uint8Array {
  return unseal(ringOf(p), decodeBase64url(sealed))
}

/**
 * `npm run keys:rotate`: every TOTP secret sealed again under the ring's current key, so the older
 * keys can go without anyone enrolling again. Returns how many changed.
 */
export async function resealTotpSecrets(db: Kysely<Database>, ring: Keyring): Promise<number> {
  const rows = await db.selectFrom('totp_factors').select(['user_id', 'secret_sealed']).execute()
  let changed = 0
  for (const row of rows) {
    const next = resealed(ring, decodeBase64url(row.secret_sealed))
    if (!next) continue
    await db
      .updateTable('totp_factors')
      .set({ secret_sealed: encodeBase64url(next) })
      .where('user_id', '=', row.user_id)
      .execute()
    changed++
  }
  return changed
}

export function newTotpSecret(): Uint8Array {
  return new Uint8Array(randomBytes(20))
}

/** The secret as the apps ask to type it: base32, in groups of four. */
export function secretForTyping(secret: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(secret).replace(/(.{4})(?=.)/g, '$1 ')
}

export function totpUri(secret: Uint8Array, email: string): string {
  return createTOTPKeyURI(ISSUER, email, secret, TOTP_STEP_MS / 1000, TOTP_DIGITS)
}

/** The otpauth:// address as an SVG QR code, drawn on the server (the page needs no script). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
}

/** The code an app shows at `at` (tests and the e2e helper compute it the same way). */
export function totpCodeAt(secret: Uint8Array, at: Date): string {
  return generateHOTP(secret, BigInt(Math.floor(at.getTime() / TOTP_STEP_MS)), TOTP_DIGITS)
}

/** The step `code` belongs to (the current one or one either side, for clocks a little off), else null. */
export function matchingStep(secret: Uint8Array, code: string, at: Date): number | null {
  const step = Math.floor(at.getTime() / TOTP_STEP_MS)
  let found: number | null = null
  // Every candidate compared, so the time taken does not say which one matched.
  for (const candidate of [step - 1, step, step + 1]) {
    if (safeEqual(generateHOTP(secret, BigInt(candidate), TOTP_DIGITS), code) && found === null) found = candidate
  }
  return found
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32LowerCaseNoPadding(randomBytes(7)).slice(0, 10)
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
}

export function isRecoveryCode(code: string): boolean {
  return RECOVERY_CODE.test(code)
}

/** Keyed hash of a recovery code, bound to its account; hyphen and case do not matter. */
export function recoveryCodeHash(p: Platform, userId: number, code: string): string {
  return hmac(p.keys.codes, `recovery:${userId}:${code.replace(/-/g, '').toLowerCase()}`)
}

export async function confirmedFactor(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('totp_factors')
    .select('confirmed_at')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Boolean(row?.confirmed_at)
}

/** Console accounts always need the second factor; other accounts once they turned it on. */
export async function needsSecondFactor(db: Kysely<Database>, user: { id: number; role: string }): Promise<boolean> {
  return user.role === 'admin' || (await confirmedFactor(db, user.id))
}

/** Where a session stands: passed (or none needed), an app to enrol, a code to type. */
export async function factorState(
  db: Kysely<Database>,
  userId: number,
  factorPending: boolean,
): Promise<SecondFactorState> {
  if (!factorPending) return 'ok'
  return (await confirmedFactor(db, userId)) ? 'verify' : 'enrol'
}

/**
 * Accepts `code` for the account once: a TOTP code of a step after the last one accepted (so a
 * code seen over a shoulder cannot be replayed), or an unused recovery code, which is spent. The
 * check and the spending are one conditional update each: two simultaneous tries spend it once.
 */
export async function acceptFactorCode(
  p: Platform,
  db: Kysely<Database>,
  userId: number,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const factor = await db
    .selectFrom('totp_factors')
    .select(['secret_sealed', 'confirmed_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!factor?.confirmed_at) return null
  if (isRecoveryCode(code)) {
    const spent = await db
      .updateTable('recovery_codes')
      .set({ used_at: p.now().toISOString() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryCodeHash(p, userId, code))
      .where('used_at', 'is', null)
      .executeTakeFirst()
    return Number(spent.numUpdatedRows) === 1 ? 'recovery' : null
  }
  const step = matchingStep(openSecret(p, factor.secret_sealed), code, p.now())
  if (step === null) return null
  const taken = await db
    .updateTable('totp_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1 ? 'totp' : null
}
