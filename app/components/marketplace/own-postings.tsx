import { Link, useLocation } from 'react-router'
import type { DriverPosting } from '#app/.server/backend/marketplace'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { buttonClass } from '#app/components/ui/button'
import { Pagination } from '#app/components/ui/pagination'
import { withParams } from '#app/paths'
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
  threads = [],
}: {
  kind: 'saved' | 'applied'
  postings: DriverPosting[]
  count: number
  page: number
  error: string | null
  /** The applications with a thread with the company (decision 105), and what is unread in each. */
  threads?: Array<{ id_application: number; id_publication: number; unread: number }>
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
                  <>
                    <ThreadLink thread={threads.find((t) => t.id_publication === p.id)} company={p.company_name} />
                    <PostingAction id={p.id} intent="retirar" title={p.title} />
                  </>
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

/** The way into the thread with the company, with what is unread; none until the company writes. */
function ThreadLink({
  thread,
  company,
}: {
  thread: { id_application: number; unread: number } | undefined
  company: string
}) {
  const location = useLocation()
  if (!thread) return null
  return (
    <Link
      to={withParams(location.pathname, location.search, { conversacion: thread.id_application })}
      preventScrollReset
      className={buttonClass(thread.unread ? 'primary' : 'secondary')}
      aria-label={thread.unread ? `Mensajes de ${company}: ${thread.unread} sin leer` : `Mensajes de ${company}`}
    >
      Mensajes
      {thread.unread ? (
        <Badge tone="neutral" data-testid="mensajes-sin-leer">
          {thread.unread}
        </Badge>
      ) : null}
    </Link>
  )
}
