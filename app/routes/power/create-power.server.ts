import { createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '#app/.server/env'
import { POWER_DRIVER_FIELDS, POWER_OWNER_FIELDS } from '#domain/validation/power-constants'

export type PhaseValues = Record<string, string>

function mac(power: string, payload: string): string {
  // Bound to this link: phase-1 data of one link cannot be replayed into another.
  return createHmac('sha256', env().keys.cookie).update(`simple-power-phase1:${power}:${payload}`).digest('base64url')
}

/** Text values of `names` from a form, as typed (strings only, at most 200 characters each). */
export function pick(form: FormData, names: readonly string[]): PhaseValues {
  const out: PhaseValues = {}
  for (const name of names) {
    const v = form.get(name)
    if (typeof v === 'string') out[name] = v.slice(0, 200)
  }
  return out
}

/** Phase 1 as validated by the server, carried through phase 2 in one signed hidden field. */
export function sealPhase1(power: string, values: PhaseValues): string {
  const payload = Buffer.from(JSON.stringify(pick(toForm(values), POWER_DRIVER_FIELDS))).toString('base64url')
  return `${payload}.${mac(power, payload)}`
}

export function openPhase1(power: string, sealed: FormDataEntryValue | null): PhaseValues | null {
  if (typeof sealed !== 'string' || sealed.length > 8192) return null
  const [payload, given] = sealed.split('.')
  if (!payload || !given) return null
  const expected = Buffer.from(mac(power, payload))
  const actual = Buffer.from(given)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    return parsed && typeof parsed === 'object' ? pick(toForm(parsed as PhaseValues), POWER_DRIVER_FIELDS) : null
  } catch {
    return null
  }
}

/** The owner's text typed so far, kept when going back to phase 1 (not trusted: validated at the end). */
export function ownerDraft(form: FormData): PhaseValues {
  return pick(form, POWER_OWNER_FIELDS)
}

export function parseDraft(raw: FormDataEntryValue | null): PhaseValues {
  if (typeof raw !== 'string' || raw.length > 4096) return {}
  try {
    const parsed = JSON.parse(raw) as unknown
    return parsed && typeof parsed === 'object' ? pick(toForm(parsed as PhaseValues), POWER_OWNER_FIELDS) : {}
  } catch {
    return {}
  }
}

export function toForm(values: Record<string, unknown>): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') form.set(k, v)
  return form
}
