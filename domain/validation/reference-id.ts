/**
 * A reference-data id as a form or JSON sends it (a select's '13000', JSON's 13000), checked
 * against the list it names and given as a number: the one builder of the marketplace's and the
 * driver profile's selects (zone, region, commune, vehicle, schedule, a posting). A string schema,
 * so conform writes no HTML pattern for it; a JSON number is read as its text, so a negative or
 * fractional one meets the field's own message. No side effects (pages load it on first focus).
 */
import { requiredString } from './fields'
import { isBlank } from './submission'
import * as z from './zod'

/** Any JSON number as text, so a negative or fractional one meets the field's own message. */
export function numberAsText(v: unknown): unknown {
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : v
}

const isKnownId = (exists: (id: number) => boolean) => (v: string) => /^\d{1,9}$/.test(v) && exists(Number(v))

/** The id's text (trimmed) that `exists`, as a number. */
function idText(exists: (id: number) => boolean, invalidMessage: string) {
  return z.pipe(
    z.string({ error: invalidMessage }).check(z.trim(), z.refine(isKnownId(exists), invalidMessage)),
    z.transform(Number),
  )
}

/** Required: blank gives `requiredMessage`, an id not in the list `invalidMessage`. */
export function referenceId(exists: (id: number) => boolean, requiredMessage: string, invalidMessage: string) {
  return z.preprocess(
    numberAsText,
    z.pipe(requiredString(requiredMessage).check(z.refine(isKnownId(exists), invalidMessage)), z.transform(Number)),
  )
}

/** Optional, for filters: blank (or absent) means "any" (undefined). */
export function optionalReferenceId(exists: (id: number) => boolean, invalidMessage: string) {
  return z.preprocess((v) => (isBlank(v) ? undefined : numberAsText(v)), z.optional(idText(exists, invalidMessage)))
}

/**
 * Optional, for what a person states about themself: '' or null means "not stated" (null, which
 * clears it); absent means "unchanged" (undefined).
 */
export function statedReferenceId(exists: (id: number) => boolean, invalidMessage: string) {
  return z.preprocess(
    (v) => (v === undefined ? undefined : isBlank(v) ? null : numberAsText(v)),
    z.optional(z.nullable(idText(exists, invalidMessage))),
  )
}
