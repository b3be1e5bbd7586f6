import { Link, useLoaderData, useNavigate } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { businessApi } from '#app/.server/backend/marketplace'
import { DocumentsBar } from '#app/components/marketplace/documents-bar'
import { shortDate } from '#app/components/marketplace/posting-bits'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/driver-profile'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `${data.firstname} ${data.lastname}` : 'Perfil'} | Fleeters Empresas` },
]

/** The public profile of a driver who applied to this company: never documents or bank data. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'business')
  const id = positiveId(params.id ?? null)
  const res = id ? await businessApi.driverProfile(context, session.token, id) : null
  if (!res?.ok) throw new Response('No encontrado', { status: res?.status === 404 || !res ? 404 : 503 })
  return res.data
}

export default function DriverProfileRoute() {
  const d = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const name = `${d.firstname} ${d.lastname}`.trim()
  return (
    <main id="contenido" className="space-y-5">
      <Link
        to="/business/dashboard"
        onClick={(e) => {
          // With JS, back to the applicants list the company came from.
          if (window.history.length > 1) {
            e.preventDefault()
            navigate(-1)
          }
        }}
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        ← Volver
      </Link>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center gap-4">
          <img
            src={d.has_photo ? `/business/dashboard/conductores/${d.id_user}/foto` : '/images/default-avatar.svg'}
            alt={`Foto de ${name}`}
            width={96}
            height={96}
            className="h-24 w-24 rounded-full border border-slate-200 bg-slate-100 object-cover"
          />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold break-words text-slate-900">{name}</h1>
            <p className="text-sm text-slate-700">
              {[d.name_commune, d.name_vehicle].filter(Boolean).join(' · ') || 'Perfil en Fleeters'}
            </p>
            <div className="mt-2 text-sm">
              <DocumentsBar accepted={d.documents_accepted} total={d.documents_total} />
            </div>
          </div>
        </div>
        <h2 className="mt-6 text-lg font-semibold text-slate-900">Sobre mí</h2>
        <p className="mt-1 whitespace-pre-line text-slate-800">
          {d.about_me?.trim() || 'Sin presentación escrita todavía.'}
        </p>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="experiencia">
        <h2 id="experiencia" className="text-lg font-semibold text-slate-900">
          Experiencia
        </h2>
        {d.experience.length === 0 ? (
          <p className="mt-1 text-slate-700">Sin experiencia registrada.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {d.experience.map((e, i) => (
              <li key={i} className="border-l-2 border-brand-100 pl-3">
                <h3 className="font-semibold break-words text-slate-900">{e.job_title}</h3>
                <p className="text-sm text-slate-700">
                  {[e.company_name, e.type_employment, e.location].filter(Boolean).join(' · ')}
                </p>
                {e.start_date ? (
                  <p className="text-xs text-slate-600">
                    {shortDate(e.start_date)}
                    {` – ${e.end_date ? shortDate(e.end_date) : 'Actualidad'}`}
                  </p>
                ) : null}
                {e.job_description ? (
                  <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{e.job_description}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}
