import { formatPayment } from '#domain/numbers'

/**
 * The parts of a posting the public home shows as well as the driver's pages.
 * Imports nothing of the UI kit: Badge brings tailwind-merge, which the home's JS budget cannot
 * carry (e2e/budget.spec.ts).
 */

/** One label for the shift everywhere: cards, detail, filters and the company's form. */
export const SHIFT_LABEL = 'Turno'

/** What factList reads of a posting (spec §3 "Job posting"). */
export interface FactFields {
  name_region: string
  name_commune: string
  name_vehicle: string
  capacity?: string | null
  time: string
  pawn: 'Si' | 'No'
}

/** «Despachos Andes SpA» → «DA»: the first letters of its first two words (bytes count on every page). */
export function initials(name: string): string {
  return name
    .split(' ', 2)
    .map((w) => w.charAt(0))
    .join('')
    .toUpperCase()
}

/**
 * A company's logo reads at 64 px on every card and detail (smaller only in the company's own
 * header); without one, its initials on a tinted square.
 */
export function CompanyLogo({ src, name, size = 'h-16 w-16' }: { src: string | null; name: string; size?: string }) {
  if (src)
    return (
      <img
        src={src}
        alt={`Logo de ${name}`}
        width={64}
        height={64}
        loading="lazy"
        className={`${size} shrink-0 rounded-lg border border-slate-200 bg-white object-contain`}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={
        `${size} flex shrink-0 items-center justify-center rounded-lg bg-brand-50 ` + `text-xl font-bold text-brand-700`
      }
    >
      {initials(name)}
    </span>
  )
}

/** The facts under the pay (which is the card's headline, not one fact among others). */
export function factList(p: FactFields): Array<[string, string]> {
  return [
    ['Ubicación', `${p.name_commune}, ${p.name_region}`],
    ['Vehículo', p.capacity ? `${p.name_vehicle} (${p.capacity})` : p.name_vehicle],
    [SHIFT_LABEL, p.time],
    ['Peoneta', p.pawn === 'Si' ? 'Sí' : 'No'],
  ]
}

/**
 * The pay as the headline of a posting: the amount large, its period beside it
 * ('$45.000 por día'), read out as «Pago: $45.000 por día».
 */
export function PayHeadline({
  amount,
  period,
  className = '',
}: {
  amount: number
  period: string
  className?: string
}) {
  return (
    <p className={`flex flex-wrap items-baseline gap-x-1.5 ${className}`} data-testid="pago">
      <span className="sr-only">Pago: </span>
      <span className="text-2xl font-extrabold text-slate-900">{formatPayment(amount, '')}</span>{' '}
      <span className="text-base font-semibold text-brand-700">{period}</span>
    </p>
  )
}
