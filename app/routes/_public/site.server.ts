import { createHmac } from 'node:crypto'
import { Honeypot, type HoneypotInputProps } from 'remix-utils/honeypot/server'
import { env } from '#app/.server/env'

/** Spec §8: the public forms' generic failure. */
export const FORM_FAILURE = 'Error en enviar formulario, inténtalo nuevamente...'

/** The site's public origin for canonical and Open Graph URLs: PUBLIC_URL, else the request's. */
export function siteOrigin(request: Request): string {
  const configured = env().config.PUBLIC_URL
  return (configured ?? new URL(request.url).origin).replace(/\/$/, '')
}

/** The honeypot's fields: a text field people never see and bots fill in, and the sealed time. */
export const HONEYPOT_FIELD = 'url_sitio'
export const HONEYPOT_FROM_FIELD = 'hp_desde'

/** A clock a little ahead in another web process still counts, as before remix-utils. */
const CLOCK_SLACK_MS = 60_000

class SiteHoneypot extends Honeypot {
  protected override isFuture(timestamp: number): boolean {
    return timestamp > Date.now() + CLOCK_SLACK_MS
  }
}

function honeypot(): Honeypot {
  // Derived from the cookie key, so every web process with the same SESSION_SECRET agrees (the
  // library's default seed is random per process).
  const encryptionSeed = createHmac('sha256', env().keys.cookie).update('fleeters:honeypot').digest('base64url')
  return new SiteHoneypot({ nameFieldName: HONEYPOT_FIELD, validFromFieldName: HONEYPOT_FROM_FIELD, encryptionSeed })
}

/** What a page with a public form renders in its honeypot (components/public/honeypot.tsx). */
export function honeypotInputProps(validFromTimestamp = Date.now()): Promise<HoneypotInputProps> {
  return honeypot().getInputProps({ validFromTimestamp })
}

/**
 * remix-utils' check, stricter in two ways: a form without the fields passes its check (it only
 * checks forms that carry one of them) and is refused here, and a time field that does not
 * decrypt (tampered, not base64) throws a crypto error rather than SpamError: refused as well.
 */
export async function passesHoneypot(formData: FormData): Promise<boolean> {
  if (!formData.has(HONEYPOT_FIELD) || !formData.has(HONEYPOT_FROM_FIELD)) return false
  try {
    await honeypot().check(formData)
    return true
  } catch {
    return false
  }
}

/** The answer shown next to a form (components/ui/alert.tsx FormOutcome). */
export function outcome(type: 'success' | 'error', messages: string | string[], durationMs: number) {
  return { type, messages: Array.isArray(messages) ? messages : [messages], durationMs, stamp: Date.now() }
}

/** A service's 4xx stays a 4xx for the page; anything else is the service's fault (502). */
export function failureStatus(status: number): number {
  return status >= 400 && status < 500 ? status : 502
}
