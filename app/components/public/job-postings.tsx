import { Fragment, Suspense } from 'react'
import { Await } from 'react-router'
import { CompanyLogo, factList, PayHeadline } from '#app/components/marketplace/posting-facts'
import { buttonClass } from '#app/components/ui/button'
import type { HomePosting } from '#domain/contract/general-data'

/** A home posting with 'hace 3 horas' computed by the loader. */
export type HomePostingItem = HomePosting & { ago: string }

/**
 * The home shows a few postings (the loader keeps the newest HOME_CARDS) and
 * «Ver todas»; its skeleton has as many placeholders as cards (spec §9 had 12 rows for 12).
 */
export const HOME_CARDS = 4

/** Where a card and «Ver todas» lead (components/marketplace/posting-links.ts). */
export interface HomeLinks {
  posting: (id: number) => string
  all: string
  signedIn: boolean
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="ofertas" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-16">
      <h2 id="ofertas" className="text-xl font-bold text-slate-900 sm:text-3xl">
        Ofertas
      </h2>
      <p className="mt-0.5 text-sm text-slate-700 md:mt-2 md:text-base">Rutas de empresas que buscan Fleeters hoy.</p>
      {children}
    </section>
  )
}

/**
 * On a phone the cards sit side by side and scroll sideways (the next one peeks in), so the
 * offers take one screen of the home instead of four; from md they are a grid.
 */
const CARD_LIST =
  '-mx-4 mt-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 ' +
  'md:mx-0 md:mt-8 md:grid md:grid-cols-2 md:gap-4 md:overflow-visible md:px-0 md:pb-0'
const CARD_ITEM = 'w-[85%] shrink-0 snap-start md:w-auto'

function Skeleton() {
  return (
    <Frame>
      <p role="status" className="sr-only">
        Cargando ofertas…
      </p>
      <ul aria-hidden="true" className={CARD_LIST} data-testid="ofertas-cargando">
        {Array.from({ length: HOME_CARDS }, (_, i) => (
          <li
            key={i}
            className={
              `${CARD_ITEM} animate-pulse space-y-3 rounded-xl border border-slate-200 bg-white p-5 ` +
              'motion-reduce:animate-none'
            }
          >
            <div className="h-16 w-16 rounded-lg bg-slate-200" />
            <div className="h-4 w-3/4 rounded bg-slate-200" />
            <div className="h-3 w-1/2 rounded bg-slate-200" />
            <div className="h-3 w-2/3 rounded bg-slate-200" />
          </li>
        ))}
      </ul>
    </Frame>
  )
}

/** A card is one link (its title, stretched over the card), so the whole card opens the posting. */
function PostingCard({ posting, href }: { posting: HomePostingItem; href: string }) {
  return (
    <li
      className={
        `${CARD_ITEM} relative flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ` +
        'transition-colors focus-within:ring-2 focus-within:ring-brand-600 ' +
        'hover:border-brand-600'
      }
    >
      <div className="flex items-start gap-3">
        <CompanyLogo src={posting.logo} name={posting.company_name} />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">
            <a
              href={href}
              className={
                'flex min-h-11 items-center after:absolute after:inset-0 after:rounded-xl ' +
                "after:content-[''] hover:text-brand-700 hover:underline " +
                'focus-visible:outline-none'
              }
              data-testid="oferta-inicio"
            >
              {posting.title}
            </a>
          </h3>
          <p className="text-sm text-slate-700">{posting.company_name}</p>
        </div>
      </div>
      <PayHeadline amount={posting.payment_amount} period={posting.payment_period} className="mt-3" />
      {/* Classes once on the list, not on every term and value. */}
      <dl
        className={
          'mt-2 grid grid-cols-[max-content_1fr] gap-x-2 gap-y-1 text-sm [&_dd]:min-w-0 ' +
          '[&_dd]:break-words [&_dd]:text-slate-900 [&_dt]:text-slate-600'
        }
      >
        {factList(posting).map(([label, value]) => (
          <Fragment key={label}>
            <dt>{`${label}:`}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="mt-auto pt-3 text-xs text-slate-600">
        Publicada <time dateTime={posting.created_at}>{posting.ago}</time>
      </p>
    </li>
  )
}

function PostingList({ list, links }: { list: HomePostingItem[]; links: HomeLinks }) {
  if (!list.length) return null
  return (
    <Frame>
      <ul className={CARD_LIST}>
        {list.map((p) => (
          <PostingCard key={p.id} posting={p} href={links.posting(p.id)} />
        ))}
      </ul>
      <div className="mt-4 flex flex-col items-center gap-2 text-center md:mt-8">
        <a href={links.all} className={buttonClass('primary', 'w-full px-6 py-3 text-base sm:w-auto')}>
          Ver todas
        </a>
        {links.signedIn ? null : (
          <p className="text-xs text-slate-700 sm:text-sm">
            Crea tu cuenta gratis para postular: al terminar te llevamos a la oferta que elegiste.
          </p>
        )}
      </div>
    </Frame>
  )
}

/**
 * Deferred data: a promise streams behind the skeleton. A list that was ready in time renders
 * without a Suspense boundary, because React outlines large boundaries (> ~12 KB of HTML) into
 * script-swapped segments that a visitor without JS would never see.
 * Spec §8: a failure — or an empty list — shows nothing at all.
 */
export function JobPostings({
  postings,
  links,
}: {
  postings: Promise<HomePostingItem[]> | HomePostingItem[]
  links: HomeLinks
}) {
  if (Array.isArray(postings)) return <PostingList list={postings} links={links} />
  return (
    <Suspense fallback={<Skeleton />}>
      <Await resolve={postings} errorElement={null}>
        {(list: HomePostingItem[]) => <PostingList list={list} links={links} />}
      </Await>
    </Suspense>
  )
}
