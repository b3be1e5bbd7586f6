import { Link } from 'react-router'
import { pageCount, rangeLabel } from '#app/components/marketplace/labels'

/** The page links that are shown: first, last, and two either side of the current one. */
function visiblePages(current: number, last: number): Array<number | 'gap'> {
  const out: Array<number | 'gap'> = []
  for (let n = 1; n <= last; n++) {
    if (n === 1 || n === last || Math.abs(n - current) <= 2) out.push(n)
    else if (out.at(-1) !== 'gap') out.push('gap')
  }
  return out
}

/**
 * Spec §9: 10 per page with the range label 'from-to de total'. Plain links (?page=N keeping the
 * other parameters), so paging works without JS.
 */
export function Pagination({
  page,
  total,
  hrefFor,
  label = 'Paginación',
  pageSize,
  cap,
}: {
  page: number
  total: number
  hrefFor: (page: number) => string
  label?: string
  /** Spec §9's 10 unless told. */
  pageSize?: number
  /** The count past which the range reads «más de»: spec §9's 1.000 unless told. */
  cap?: number
}) {
  const last = pageCount(total, pageSize, cap)
  const base =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium'
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" data-testid="rango">
        {rangeLabel(page, total, pageSize, cap)}
      </p>
      {last > 1 ? (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            {page > 1 ? (
              <Link
                to={hrefFor(page - 1)}
                className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
              >
                Anterior
              </Link>
            ) : null}
          </li>
          {visiblePages(page, last).map((n, i) =>
            n === 'gap' ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  to={hrefFor(n)}
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={`Página ${n}`}
                  className={
                    `${base} ` +
                    (n === page
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50')
                  }
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < last ? (
              <Link
                to={hrefFor(page + 1)}
                className={`${base} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
              >
                Siguiente
              </Link>
            ) : null}
          </li>
        </ul>
      ) : null}
    </nav>
  )
}
