import { data, Link, useLoaderData } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { driverApi } from '#app/.server/backend/driver-area'
import { driverPostingsApi } from '#app/.server/backend/marketplace'
import { documentChecklist } from '#app/components/driver/checklist.server'
import { postingEligibility, type EligibilityLine } from '#app/components/marketplace/eligibility.server'
import { APPLICATION_STATUS_LABELS } from '#app/components/marketplace/labels'
import { PostingActions } from '#app/components/marketplace/posting-actions'
import {
  ApplicationBadge,
  CompanyLogo,
  factList,
  PayHeadline,
  shortDate,
  VerifiedCompanyBadge,
} from '#app/components/marketplace/posting-bits'
import { backFromPosting, POSTINGS_PATH } from '#app/components/marketplace/posting-links'
import { Badge } from '#app/components/ui/badge'
import { buttonClass } from '#app/components/ui/button'
import { dayInChile } from '#domain/format'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/driver-posting'
import { postingAction } from './driver-postings.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.posting ? `${data.posting.title} | Ofertas | Fleeters` : 'Oferta no encontrada | Fleeters' },
]

/**
 * A posting as a page (decision 102): its facts, whether the driver fits it (their profile's
 * vehicle, their approved documents as companies see them) and what applying sets going.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const back = backFromPosting(new URL(request.url).searchParams.get('desde'))
  const id = positiveId(params.id ?? null)
  const notFound = () => data({ posting: null, back, eligibility: null }, { status: 404 })
  if (!id) return notFound()
  const [res, profile, documents] = await Promise.all([
    driverPostingsApi.byId(context, session.token, id),
    driverApi.profile(context, session.token),
    driverApi.documents(context, session.token),
  ])
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    if (res.status === 404) return notFound()
    throw new Response('No pudimos cargar la oferta. Intenta nuevamente en unos segundos.', { status: 503 })
  }
  // The checklist's figure, as the home computes it; a failed call leaves its line out.
  const summary = documents.ok ? documentChecklist(documents.data, dayInChile(new Date())).summary : null
  const eligibility = postingEligibility(res.data, profile.ok ? profile.data : null, summary)
  return data(
    { posting: res.data, back, eligibility },
    // The driver's own application and save: never kept by a cache.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action(args: Route.ActionArgs) {
  return postingAction(args)
}

function BackLink({ back }: { back: { to: string; label: string } }) {
  return (
    <Link
      to={back.to}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      <span aria-hidden="true">←</span> {back.label}
    </Link>
  )
}

function Mark({ ok }: { ok: boolean }) {
  return ok ? (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700">
      <path
        fillRule="evenodd"
        d={
          'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3' +
          'a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z'
        }
        clipRule="evenodd"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-600">
      <path
        fillRule="evenodd"
        d={
          'M8.3 3.1a2 2 0 0 1 3.4 0l6 10.4A2 2 0 0 1 16 16.5H4a2 2 0 0 1-1.7-3l6-10.4Z' +
          'M10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'
        }
        clipRule="evenodd"
      />
    </svg>
  )
}

/** «¿Calzas con esta oferta?»: each point with its mark, what it means and where to set it right. */
function EligibilityCard({ lines, fits }: { lines: EligibilityLine[]; fits: boolean }) {
  if (!lines.length) return null
  return (
    <section
      aria-labelledby="calzas"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="elegibilidad"
    >
      <h2 id="calzas" className="text-lg font-semibold text-slate-900">
        ¿Calzas con esta oferta?
      </h2>
      {fits ? <p className="mt-1 text-sm text-green-800">Cumples lo que pide esta oferta.</p> : null}
      <ul className="mt-3 space-y-3">
        {lines.map((l) => (
          <li key={l.key} className="flex gap-2" data-testid={`elegibilidad-${l.key}`}>
            <Mark ok={l.ok} />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                <span className="sr-only">{l.ok ? 'Cumples: ' : 'Atención: '}</span>
                {l.text}
              </p>
              {l.detail ? <p className="text-sm text-slate-700">{l.detail}</p> : null}
              {l.link ? (
                <Link
                  to={l.link.to}
                  className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
                >
                  {l.link.label}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** What applying sets going: who sees what, how the company gets in touch, how the driver hears back. */
function AfterApplying({ company, figure, applied }: { company: string; figure: string | null; applied: boolean }) {
  const stages = (['en_revision', 'contactado', 'seleccionado'] as const)
    .map((s) => `«${APPLICATION_STATUS_LABELS[s]}»`)
    .join(', ')
  return (
    <section aria-labelledby="al-postular" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="al-postular" className="text-lg font-semibold text-slate-900">
        {applied ? 'Qué pasa ahora con tu postulación' : 'Qué pasa cuando postulas'}
      </h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-800 marker:font-semibold">
        <li>
          {company} ve tu nombre, foto, vehículo, comuna, teléfono, correo, tu experiencia y cuántos documentos tienes
          aprobados{figure ? ` (${figure})` : ''}. No ve tus documentos ni tus datos bancarios.
        </li>
        <li>Si tu perfil le interesa, la empresa te contacta por teléfono o por correo.</li>
        <li>
          Te avisamos por correo o WhatsApp, según tus preferencias, cuando tu postulación pase a {stages} o no siga
          adelante. Su estado queda en{' '}
          <Link to={`${POSTINGS_PATH}/postuladas`} className="font-medium text-brand-700 underline">
            Mis postulaciones
          </Link>
          .
        </li>
        <li>Puedes retirar tu postulación cuando quieras.</li>
      </ol>
    </section>
  )
}

/** An unknown posting: a 404 in the driver's area, with the way back to the list. */
function PostingNotFound({ back }: { back: { to: string; label: string } }) {
  return (
    <main id="contenido" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Oferta no encontrada</h1>
      <p className="text-slate-700">
        No encontramos esta oferta. Puede que el enlace esté incompleto o que la empresa la haya eliminado.
      </p>
      <Link to={back.to} className={buttonClass('primary', 'px-4 py-2 text-base')}>
        Ver las ofertas
      </Link>
    </main>
  )
}

export default function DriverPostingRoute() {
  const { posting, back, eligibility } = useLoaderData<typeof loader>()
  if (!posting || !eligibility) return <PostingNotFound back={back} />
  const closed = posting.status === 'closed'
  const facts: Array<[string, string]> = [
    ...factList(posting),
    ['Inicio', shortDate(posting.start_date)],
    ['Conductores que busca', String(posting.drivers_needed)],
    ['Zona', posting.name_zone],
  ]
  return (
    // A column on a phone (the action bar last, pinned to the bottom above the tab bar); two columns
    // from 1024 px, the actions beside the posting. The columns' wrappers vanish on a phone
    // (display: contents), so their parts take their place in one order.
    <main
      id="contenido"
      className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-5"
    >
      <div className="lg:col-span-2">
        <BackLink back={back} />
      </div>
      <div className="contents lg:block lg:space-y-5">
        <article
          aria-labelledby="oferta-titulo"
          className="order-1 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="oferta"
        >
          <header className="flex items-start gap-3">
            <CompanyLogo src={posting.logo} name={posting.company_name} />
            <div className="min-w-0">
              <h1 id="oferta-titulo" className="text-xl font-bold break-words text-slate-900">
                {posting.title}
              </h1>
              <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
                {posting.company_name}
                {posting.company_verified ? <VerifiedCompanyBadge /> : null}
              </p>
              {posting.company_verified ? null : (
                <p className="text-xs text-slate-600">Fleeters aún no verifica a esta empresa.</p>
              )}
              <div className="mt-2 flex flex-wrap gap-1.5">
                {closed ? <Badge tone="danger">Cerrada</Badge> : <Badge tone="success">Abierta</Badge>}
                {posting.application_status ? <ApplicationBadge status={posting.application_status} /> : null}
                {posting.saved ? <Badge tone="brand">Guardada</Badge> : null}
              </div>
            </div>
          </header>
          <PayHeadline amount={posting.payment_amount} period={posting.payment_period} className="mt-4" />
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
            {facts.map(([k, v]) => (
              <div key={k} className="min-w-0">
                <dt className="font-medium text-slate-600">{k}</dt>
                <dd className="break-words text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-slate-600">Publicada el {shortDate(posting.created_at)}</p>
        </article>
        <section
          aria-labelledby="descripcion"
          className="order-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="descripcion" className="text-lg font-semibold text-slate-900">
            Descripción
          </h2>
          <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{posting.description}</p>
        </section>
        {closed && !posting.applied ? null : (
          <div className="order-4">
            <AfterApplying
              company={posting.company_name}
              figure={eligibility.documentsFigure}
              applied={posting.applied}
            />
          </div>
        )}
      </div>
      <div className="contents lg:sticky lg:top-20 lg:block lg:space-y-4">
        {closed ? (
          <p
            role="status"
            className="order-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-900"
          >
            Esta oferta está cerrada y ya no recibe postulaciones.
          </p>
        ) : (
          <div className="order-2">
            <EligibilityCard lines={eligibility.lines} fits={eligibility.fits} />
          </div>
        )}
        {posting.applied && posting.applied_at ? (
          <p className="order-2 text-sm text-slate-700" data-testid="postulaste">
            Postulaste el {shortDate(posting.applied_at)}.
          </p>
        ) : null}
        {/* Flush on the tab bar (routes/user/layout.tsx: 3.5 rem, its 1 px top border and the
            phone's safe area), which shows below lg. */}
        <div
          className={
            'sticky bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-10 order-5 -mx-4 border-t ' +
            'border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] sm:-mx-6 sm:px-6 ' +
            'lg:static lg:mx-0 lg:rounded-xl ' +
            'lg:border lg:p-5 lg:shadow-sm'
          }
          data-testid="acciones-oferta"
        >
          <PostingActions posting={posting} fill />
        </div>
      </div>
    </main>
  )
}
