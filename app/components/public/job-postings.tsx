import { Fragment, Suspense } from 'react'
import { Await } from 'react-router'
import { buttonClass } from '#app/components/ui/button'
import type { HomePosting } from '#services/general-data/content'

/** A home posting with 'hace 3 horas' computed by the loader. */
export type HomePostingItem = HomePosting & { ago: string }

/** Spec §9: 12 placeholder rows while the list loads. */
const SKELETON_ROWS = 12

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="ofertas" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="ofertas" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Ofertas de trabajo publicadas
      </h2>
      <p className="mt-2 text-slate-700">Rutas de empresas que buscan Fleeters hoy.</p>
      {children}
    </section>
  )
}

function Skeleton() {
  return (
    <Frame>
      <p role="status" className="sr-only">
        Cargando ofertas de trabajo…
      </p>
      <ul aria-hidden="true" className="mt-8 grid gap-4 md:grid-cols-2" data-testid="ofertas-cargando">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="animate-pulse space-y-3 rounded-xl border border-slate-200 bg-white p-5 motion-reduce:animate-none">
            <div className="h-10 w-32 rounded-lg bg-slate-200" />
            <div className="h-4 w-3/4 rounded bg-slate-200" />
            <div className="h-3 w-1/2 rounded bg-slate-200" />
            <div className="h-3 w-2/3 rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    </Frame>
  )
}

function PostingCard({ posting }: { posting: HomePostingItem }) {
  const facts: Array<[string, string]> = [
    ['Ubicación', `${posting.name_commune}, ${posting.name_region} (${posting.name_zone})`],
    ['Vehículo', posting.name_vehicle],
    ['Turno', posting.time],
    ['Peoneta', posting.pawn === 'Si' ? 'Sí' : 'No'],
  ]
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        {posting.logo ? (
          <img src={posting.logo} alt="" width={200} height={64} loading="lazy" decoding="async" className="h-10 w-auto max-w-[60%] object-contain object-left" />
        ) : (
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-100 font-bold text-brand-900">
            {posting.company_name.charAt(0)}
          </span>
        )}
        <p className="text-xs whitespace-nowrap text-slate-600">
          <time dateTime={posting.created_at}>{posting.ago}</time>
        </p>
      </div>
      <h3 className="mt-3 font-semibold text-slate-900">{posting.title}</h3>
      <p className="text-sm text-slate-700">{posting.company_name}</p>
      {/* Issue 14 item 2: classes once on the list, not on every term and value. */}
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-2 gap-y-1 text-sm [&_dd]:min-w-0 [&_dd]:text-slate-900 [&_dt]:text-slate-600">
        {facts.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{`${label}:`}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="mt-auto pt-3 text-lg font-bold text-brand-700">
        <span className="sr-only">Pago: </span>
        {posting.payment}
      </p>
    </li>
  )
}

function PostingList({ list, signupUrl }: { list: HomePostingItem[]; signupUrl: string }) {
  if (!list.length) return null
  return (
    <Frame>
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        {list.map((p) => (
          <PostingCard key={p.id} posting={p} />
        ))}
      </ul>
      <p className="mt-8 text-center">
        <a href={signupUrl} className={buttonClass('primary', 'px-6 py-3 text-base')}>
          Regístrate para postular
        </a>
      </p>
    </Frame>
  )
}

/**
 * Deferred data: a promise streams behind the skeleton. A list that was ready in time renders
 * without a Suspense boundary, because React outlines large boundaries (> ~12 KB of HTML) into
 * script-swapped segments that a visitor without JS would never see.
 * Spec §8: a failure — or an empty list — shows nothing at all.
 */
export function JobPostings({ postings, signupUrl }: { postings: Promise<HomePostingItem[]> | HomePostingItem[]; signupUrl: string }) {
  if (Array.isArray(postings)) return <PostingList list={postings} signupUrl={signupUrl} />
  return (
    <Suspense fallback={<Skeleton />}>
      <Await resolve={postings} errorElement={null}>
        {(list: HomePostingItem[]) => <PostingList list={list} signupUrl={signupUrl} />}
      </Await>
    </Suspense>
  )
}
