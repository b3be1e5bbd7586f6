import { useEffect } from 'react'
import { Link, redirect, useLoaderData, useLocation, useNavigate } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { driverPostingsApi } from '#app/.server/backend/marketplace'
import { pageParam } from '#app/.server/list-page'
import { loadPlaces } from '#app/.server/places'
import { FILTERS_FORM_ID, FiltersPanel } from '#app/components/marketplace/filters-panel'
import { PostingCard } from '#app/components/marketplace/posting-card'
import { postingPath } from '#app/components/marketplace/posting-links'
import { PostingsTabs } from '#app/components/marketplace/postings-tabs'
import { Alert } from '#app/components/ui/alert'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { Pagination } from '#app/components/ui/pagination'
import { withParams } from '#app/paths'
import { positiveId } from '#domain/ids'
import { vehicles as referenceVehicles } from '#domain/reference-data/vehicles'
import { zones as referenceZones } from '#domain/reference-data/zones'
import type { Route } from './+types/driver-postings'
import { filtersFrom, postingAction, searchPostings } from './driver-postings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Ofertas | Fleeters' }]

/** Spec §8. */
const LIST_ERROR = 'Error: No se pudieron obtener las publicaciones de empleo'
const FILTER_ERROR = 'Error al filtrar, intenta nuevamente'

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const url = new URL(request.url)
  const page = pageParam(url)
  // ?id=N, the list's old way to open a posting (links kept in mails and bookmarks): the posting's page.
  const detailId = positiveId(url.searchParams.get('id'))
  if (detailId) {
    url.searchParams.delete('id')
    throw redirect(postingPath(detailId, `${url.pathname}${url.search}`))
  }
  const filters = filtersFrom(url)
  const [{ res, filtered }, places, options] = await Promise.all([
    searchPostings(context, session.token, filters, page),
    loadPlaces(context, filters.id_zone, filters.id_region, session.token),
    driverPostingsApi.filterOptions(context, session.token),
  ])
  if (!res.ok) await signOutIfRefused(request, res.status)
  // The options come from spec §7's filters call; the reference data stands in if it fails.
  const vehicles = options.ok ? options.data.vehicles : referenceVehicles
  const zones = options.ok ? options.data.zones : referenceZones
  return {
    page,
    filters,
    places,
    vehicles: vehicles.map((v) => ({ value: v.id_vehicle, label: v.name_vehicle })),
    zones: zones.map((z) => ({ value: z.id_zone, label: z.name_zone })),
    postings: res.ok ? res.data.jobPostings : [],
    count: res.ok ? res.data.count : 0,
    error: res.ok ? null : filtered ? FILTER_ERROR : LIST_ERROR,
  }
}

export async function action(args: Route.ActionArgs) {
  return postingAction(args)
}

/**
 * The spec's link to a posting, the list with its id as the hash (#12), lands on the posting's
 * page once JS runs (the server never sees a hash), replacing the list in the history.
 */
function useHashToPosting() {
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const id = positiveId(/^#(\d{1,10})$/.exec(location.hash)?.[1] ?? null)
    if (id) void navigate(postingPath(id, `${location.pathname}${location.search}`), { replace: true })
  }, [location.hash, location.pathname, location.search, navigate])
}

export default function DriverPostingsRoute() {
  const d = useLoaderData<typeof loader>()
  const location = useLocation()
  useHashToPosting()
  const active = ['id_vehicle', 'id_zone', 'id_region', 'id_commune', 'start_time', 'pawn'].filter(
    (k) => d.filters[k as keyof typeof d.filters],
  ).length

  return (
    <main id="contenido" className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Ofertas</h1>
      <PostingsTabs />
      <div className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <FiltersPanel
          action={location.pathname}
          values={d.filters}
          places={d.places}
          vehicles={d.vehicles}
          zones={d.zones}
          active={active}
        />
        <section aria-labelledby="resultados" className="min-w-0">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor="buscar" className="block text-sm font-medium text-slate-800">
                Buscar publicaciones
              </label>
              <input
                id="buscar"
                type="search"
                name="search"
                form={FILTERS_FORM_ID}
                defaultValue={d.filters.search}
                key={d.filters.search}
                maxLength={100}
                placeholder="Ej.: farmacia, moto, Maipú"
                className={CONTROL}
              />
            </div>
            <button type="submit" form={FILTERS_FORM_ID} className={buttonClass('primary', 'px-4 py-2 text-base')}>
              Buscar
            </button>
          </div>
          <h2 id="resultados" className="sr-only">
            Resultados
          </h2>
          {d.error ? (
            <div className="mt-4">
              <Alert tone="error" messages={[d.error]} />
            </div>
          ) : d.postings.length === 0 ? (
            active || d.filters.search ? (
              // An empty search offers the way back to every posting.
              <div
                className={
                  'mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center ' + 'text-slate-700'
                }
                data-testid="busqueda-vacia"
              >
                <p>No encontramos publicaciones con estos filtros.</p>
                <Link to={location.pathname} className={buttonClass('secondary', 'mt-3 px-4 py-2 text-base')}>
                  Limpiar filtros
                </Link>
              </div>
            ) : (
              <p
                className={
                  'mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center ' + 'text-slate-700'
                }
              >
                Por ahora no hay publicaciones abiertas. Vuelve pronto.
              </p>
            )
          ) : (
            <ul className="mt-4 space-y-3" aria-label="Ofertas encontradas">
              {d.postings.map((p) => (
                <PostingCard
                  key={p.id}
                  posting={p}
                  href={postingPath(p.id, `${location.pathname}${location.search}`)}
                />
              ))}
            </ul>
          )}
          {d.error ? null : (
            <Pagination
              page={d.page}
              total={d.count}
              hrefFor={(n) => withParams(location.pathname, location.search, { page: n })}
            />
          )}
        </section>
      </div>
    </main>
  )
}
