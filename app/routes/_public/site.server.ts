import { createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '#app/.server/env'
import { HONEYPOT_FIELD, HONEYPOT_FROM_FIELD } from '#app/components/public/honeypot'

/** Spec §8: the public forms' generic failure. */
export const FORM_FAILURE = 'Error en enviar formulario, inténtelo nuevamente...'

/** The site's public origin for canonical and Open Graph URLs: PUBLIC_URL, else the request's. */
export function siteOrigin(request: Request): string {
  const configured = env().config.PUBLIC_URL
  return (configured ?? new URL(request.url).origin).replace(/\/$/, '')
}

function sign(value: string): string {
  // Derived from the cookie key, so every web process with the same SESSION_SECRET agrees.
  return createHmac('sha256', env().keys.cookie).update(`honeypot:${value}`).digest('base64url')
}

/** The value of the honeypot's time field for a page rendered now. */
export function honeypotStamp(now = Date.now()): string {
  const ts = String(now)
  return `${ts}.${sign(ts)}`
}

/**
 * remix-utils' Honeypot needs @oslojs/crypto, which is not installed: this is the same check.
 * The trap field must be present and empty, the time field signed by us and not in the future.
 */
export function passesHoneypot(formData: FormData, now = Date.now()): boolean {
  if (formData.get(HONEYPOT_FIELD) !== '') return false
  const stamp = formData.get(HONEYPOT_FROM_FIELD)
  if (typeof stamp !== 'string') return false
  const [ts, mac] = stamp.split('.')
  if (!ts || !mac || !/^\d{1,16}$/.test(ts) || Number(ts) > now + 60_000) return false
  const expected = Buffer.from(sign(ts))
  const given = Buffer.from(mac)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The answer shown next to a form (components/ui/alert.tsx FormOutcome). */
export function outcome(type: 'success' | 'error', messages: string | string[], durationMs: number) {
  return { type, messages: Array.isArray(messages) ? messages : [messages], durationMs, stamp: Date.now() }
}

/** A service's 4xx stays a 4xx for the page; anything else is the service's fault (502). */
export function failureStatus(status: number): number {
  return status >= 400 && status < 500 ? status : 502
}
