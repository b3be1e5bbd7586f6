/**
 * What the marketplace pages show of the domain's values. Kept apart from
 * domain/validation/marketplace.ts on purpose: importing that file would bring zod into every
 * page (see lazy-validation.ts); the `satisfies` checks keep both in step at compile time.
 */
import { formatInteger } from '#domain/numbers'
import type { ApplicationStatus, PaymentPeriod, PostingStatus } from '#domain/validation/marketplace'

/**
 * The stages of an application, in pipeline order, as every screen names them (decision 96). The
 * labels describe the application («la postulación»), never the person, so they read the same for
 * anyone; the stored values (`contactado`, `seleccionado`) stay what the API has always taken.
 */
export const APPLICATION_STATUS_LABELS = {
  nueva: 'Nueva',
  en_revision: 'En revisión',
  contactado: 'Contactada',
  seleccionado: 'Seleccionada',
  descartada: 'Descartada',
} as const satisfies Record<ApplicationStatus, string>

export const APPLICATION_STATUS_OPTIONS = (Object.keys(APPLICATION_STATUS_LABELS) as ApplicationStatus[]).map(
  (value) => ({ value, label: APPLICATION_STATUS_LABELS[value] }),
)

/** «Turno», defined beside the posting facts. */
export { SHIFT_LABEL } from './posting-facts'

export const POSTING_STATUS_LABELS = {
  draft: 'Borrador',
  open: 'Abierta',
  closed: 'Cerrada',
} as const satisfies Record<PostingStatus, string>

export const PAYMENT_PERIOD_OPTIONS = (
  ['por día', 'por ruta', 'mensual'] as const satisfies readonly PaymentPeriod[]
).map((p) => ({ value: p, label: p }))

/** Spec §9: 10 per page. */
export const PAGE_SIZE = 10

/** The services count up to 1,001; more than this reads «más de 1.000». */
export const COUNT_CAP = 1000

/**
 * Spec §9 range label: page 2 of 25 results reads '11-20 de 25'; past the cap, 'de más de 1.000'.
 * A list counted exactly (a posting's applicants) passes `cap` Infinity.
 */
export function rangeLabel(page: number, total: number, pageSize = PAGE_SIZE, cap = COUNT_CAP): string {
  if (total <= 0) return '0-0 de 0'
  const from = Math.min((page - 1) * pageSize + 1, total)
  const to = Math.min(page * pageSize, total)
  if (total > cap) return `${from}-${to} de más de ${formatInteger(cap)}`
  return `${from}-${to} de ${total}`
}

/** Pages to link: past the cap, the pages of the first 1.000 (a narrower search reaches the rest). */
export function pageCount(total: number, pageSize = PAGE_SIZE, cap = COUNT_CAP): number {
  return Math.max(1, Math.ceil(Math.min(total, cap) / pageSize))
}
