import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { expect } from 'vitest'
import { totpCodeAt, TOTP_STEP_MS } from '#services/users/second-factor'
import type { testClient, TestPlatform } from './platform'

/** The secret an enrolment shows (base32 in groups of four) as the app keeps it. */
export function secretFromTyping(typed: string): Uint8Array {
  return decodeBase32IgnorePadding(typed.replace(/\s+/g, ''))
}

/**
 * A session waiting to enrol (a console login) enrols an app and passes the second factor, as a
 * person at the enrolment page does: returns the app's secret and the recovery codes shown once.
 */
export async function enrolFactor(
  p: TestPlatform,
  api: ReturnType<typeof testClient>,
  headers: Record<string, string>,
  path: 'admin' | 'business' = 'admin',
) {
  const started = await api.post(`/auth/second-factor/${path}/enrol`, undefined, headers)
  expect(started.status).toBe(200)
  const secret = secretFromTyping(started.body.secret)
  const confirmed = await api.post(
    `/auth/second-factor/${path}/confirm`,
    { code: totpCodeAt(secret, p.now()) },
    headers,
  )
  expect(confirmed.status).toBe(200)
  // The next code is of a later step (a code is accepted once).
  p.advance(TOTP_STEP_MS)
  return {
    secret,
    recoveryCodes: confirmed.body.recovery_codes as string[],
    qrSvg: started.body.qr_svg as string,
    uri: started.body.uri as string,
  }
}
