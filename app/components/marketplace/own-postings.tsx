import { useLocation } from 'react-router'
import type { DriverPosting } from '#app/.server/backend/marketplace'
import { Alert } from '#app/components/ui/alert'
import { Pagination, withParams } from '#app/components/ui/pagination'
import { PostingAction } from './posting-actions'
import { PostingCard } from './posting-card'
import { postingPath } from './posting-links'
import { PostingsTabs } from './postings-tabs'

/** The saved or applied postings of the driver, with their status and the way back out. */
export function OwnPostings({
  kind,
  postings,
  count,
  page,
  error,
}: {
  kind: 'saved' | 'applied'
  postings: DriverPosting[]
  count: number
  page: number
  error: string | null
}) {
  const location = useLocation()
  const title = kind === 'saved' ? 'Ofertas guardadas' : 'Mis postulaciones'
  return (
    <main id="contenido" className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <PostingsTabs />
      {error ? (
        <Alert tone="error" messages={[error]} />
      ) : postings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {kind === 'saved' ? 'Aún no guardas ofertas.' : 'Aún no postulas a ofertas.'}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={title}>
          {postings.map((p) => (
            <PostingCard key={p.id} posting={p} href={postingPath(p.id, `${location.pathname}${location.search}`)}>
              <div className="flex flex-wrap gap-2">
                {kind === 'saved' ? (
                  <PostingAction id={p.id} intent="quitar" title={p.title} />
                ) : (
                  <PostingAction id={p.id} intent="retirar" title={p.title} />
                )}
              </div>
            </PostingCard>
          ))}
        </ul>
      )}
      {error ? null : (
        <Pagination
          page={page}
          total={count}
          hrefFor={(n) => withParams(location.pathname, location.search, { page: n })}
        />
      )}
    </main>
  )
}
