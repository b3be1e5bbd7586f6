import { Link } from 'react-router'
import type { Queue } from '#domain/contract/admin'
import { formatInteger } from '#domain/format'
import { QUEUE_COUNT_CAP } from '#domain/review-queue'
import type { QueueDue } from '#domain/validation/admin'

/** The three parts of the queue on the clock, in order, with their names (the queue's «Plazo» select too). */
export const QUEUE_PARTS: ReadonlyArray<{ due: QueueDue; key: keyof Queue['counts']; label: string; tone: string }> = [
  { due: 'late', key: 'late', label: 'Atrasados', tone: 'border-red-300 bg-red-50 text-red-900' },
  { due: 'today', key: 'due_today', label: 'Vencen hoy', tone: 'border-amber-300 bg-amber-50 text-amber-900' },
  { due: 'on_time', key: 'on_time', label: 'A tiempo', tone: 'border-slate-200 bg-white text-slate-800' },
]

/**
 * A figure of the queue in words. A driver filter counts each part only up to the cap (decision
 * 117), so under one (`capped`) a figure past it reads «más de 1.000»; the queue's counters are exact.
 */
export function queueCountWords(n: number, capped: boolean): string {
  return capped && n > QUEUE_COUNT_CAP ? `más de ${formatInteger(QUEUE_COUNT_CAP)}` : formatInteger(n)
}

/**
 * The review queue's three counts on the clock (decision 100), the figure large and its name under
 * it, each a link to that part of the queue: the queue's page and the console's home draw the same
 * service figures with this one component. Three across even at 375 px.
 */
export function QueueCounts({
  counts,
  href,
  current,
  capped = false,
}: {
  counts: Queue['counts']
  href: (due: QueueDue) => string
  current?: QueueDue
  /** The counts are a driver filter's, each only up to the cap. */
  capped?: boolean
}) {
  return (
    <ul aria-label="Plazo de revisión" className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="plazos">
      {QUEUE_PARTS.map((part) => {
        const selected = current === part.due
        return (
          <li key={part.due}>
            <Link
              to={href(part.due)}
              aria-current={selected ? 'true' : undefined}
              className={
                `block min-h-11 rounded-xl border px-3 py-2 hover:border-brand-600 ${part.tone}` +
                (selected ? ' ring-2 ring-brand-600 ring-offset-1' : '')
              }
            >
              <CountFigure n={counts[part.key]} capped={capped} />
              <span className="block text-sm font-semibold">{part.label}</span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * A count as the tile's large figure: past the cap, «+1.000» as the public site writes its
 * figures, read as «más de 1.000».
 */
function CountFigure({ n, capped }: { n: number; capped: boolean }) {
  if (!capped || n <= QUEUE_COUNT_CAP) return <span className="block text-2xl font-bold">{formatInteger(n)}</span>
  return (
    <span className="block text-2xl font-bold">
      <span aria-hidden="true">+{formatInteger(QUEUE_COUNT_CAP)}</span>
      <span className="sr-only">{queueCountWords(n, capped)}</span>
    </span>
  )
}
