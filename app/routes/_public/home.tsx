import { Link, useLoaderData } from 'react-router'
import { listOrEmpty, publicSiteApi, type HomePosting } from '#app/.server/backend/public-site'
import { homePostingLinks } from '#app/components/marketplace/posting-links'
import { FaqAccordion } from '#app/components/public/faq-accordion'
import { Benefits, BusinessServices, Hero } from '#app/components/public/home-sections'
import { HOME_CARDS, JobPostings, type HomePostingItem } from '#app/components/public/job-postings'
import { seoMeta } from '#app/components/public/page'
import { PartnerStrip } from '#app/components/public/partner-strip'
import { Statistics } from '#app/components/public/statistics'
import { Testimonials } from '#app/components/public/testimonials'
import { useRootData } from '#app/root'
import { formatTimeAgo } from '#domain/format'
import type { Route } from './+types/home'
import { siteOrigin } from './site.server'

/** Spec §9: the home page shows 5 FAQ entries. */
const HOME_FAQS = 5

function withAge(list: HomePosting[], now: Date): HomePostingItem[] {
  return list.slice(0, HOME_CARDS).map((p) => ({ ...p, ago: formatTimeAgo(p.created_at, now) }))
}

/** How long a document request waits for the postings before streaming them after the shell. */
const DOCUMENT_WAIT_MS = 1500

/**
 * React swaps streamed content in with inline scripts, so a visitor without JS would keep the
 * skeleton forever. A document request therefore gets the list in the HTML when it is ready in
 * time (in-process it takes milliseconds); client navigations get the promise and the skeleton.
 */
function isDocumentRequest(request: Request) {
  return (
    request.headers.get('sec-fetch-dest') === 'document' || (request.headers.get('accept') ?? '').includes('text/html')
  )
}

async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms)
  })
  try {
    return await Promise.race([promise.then((value) => ({ value })), late])
  } finally {
    clearTimeout(timer)
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date()
  // Deferred: not awaited by the loader (spec §8: its failure is silent).
  const pending = listOrEmpty(publicSiteApi.homePostings(context))
    .then((list) => withAge(list, now))
    .catch(() => [] as HomePostingItem[])
  const [[faqs, statistics, testimonials, logos], ready] = await Promise.all([
    Promise.all([
      listOrEmpty(publicSiteApi.faqs(context, HOME_FAQS)),
      listOrEmpty(publicSiteApi.statistics(context)),
      listOrEmpty(publicSiteApi.testimonials(context)),
      listOrEmpty(publicSiteApi.companyLogos(context)),
    ]),
    isDocumentRequest(request) ? settledWithin(pending, DOCUMENT_WAIT_MS) : null,
  ])
  const postings: HomePostingItem[] | Promise<HomePostingItem[]> = ready ? ready.value : pending
  return { origin: siteOrigin(request), faqs, statistics, testimonials, logos, postings }
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Fleeters | Conductores de última milla para empresas en Chile',
    description:
      'Trabaja como conductor independiente de última milla en la Región Metropolitana ' +
      'o encuentra conductores validados para mover la carga de tu empresa.',
    origin: data?.origin,
    path: '/',
  })

export default function Home() {
  const { faqs, statistics, testimonials, logos, postings } = useLoaderData<typeof loader>()
  const root = useRootData()
  const signupUrl = root?.env.signupUrl ?? '/register'
  const links = homePostingLinks(Boolean(root?.user), { signupUrl, loginUrl: root?.env.loginUrl ?? '/login' })
  return (
    <main id="contenido">
      <Hero signupUrl={signupUrl} />
      {/* The offers come right after the promise: on a phone the first one is on the first screens. */}
      <JobPostings postings={postings} links={links} />
      <PartnerStrip logos={logos} />
      <Benefits />
      <BusinessServices />
      <Statistics stats={statistics} />
      <Testimonials testimonials={testimonials} />
      {faqs.length ? (
        <section aria-labelledby="preguntas" className="bg-slate-50 py-6 md:py-16">
          <div className="mx-auto max-w-3xl px-4 sm:px-6">
            <h2 id="preguntas" className="text-xl font-bold text-slate-900 sm:text-3xl md:text-center">
              Preguntas frecuentes
            </h2>
            <div className="mt-4 md:mt-8">
              <FaqAccordion faqs={faqs} group="faq" />
            </div>
            <p className="mt-2 text-center md:mt-6">
              <Link
                to="/preguntas-frecuentes"
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                Ver todas las preguntas
              </Link>
            </p>
          </div>
        </section>
      ) : null}
    </main>
  )
}
