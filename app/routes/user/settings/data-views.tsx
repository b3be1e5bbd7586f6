import { Link, useLoaderData } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { dataViewsApi } from '#app/.server/backend/data-views'
import { pageParam } from '#app/.server/list-page'
import { required } from '#app/.server/responses'
import { DATA_VIEWS_PATH } from '#app/components/driver/urls'
import { Badge } from '#app/components/ui/badge'
import { Pagination } from '#app/components/ui/pagination'
import { formatDateTime, formatInteger } from '#domain/format'
import type { Route } from './+types/data-views'

export const meta: Route.MetaFunction = () => [{ title: 'Quién vio mis datos | Panel del conductor | Fleeters' }]

/** ?page= beyond what the service reads (6 digits) is the first page. */

/** «Quién vio mis datos» (Ley 21.719, decision 78): every view of the driver's sensitive items, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const page = pageParam(new URL(request.url))
  return required(request, await dataViewsApi.mine(context, session.token, page))
}

export default function DataViewsPage() {
  const { views, count, page } = useLoaderData<typeof loader>()
  return (
    <main id="contenido" className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Quién vio mis datos</h1>
        <p className="max-w-prose text-slate-700">
          Cada vez que una empresa a la que postulaste ve tu ficha de postulante (con tu correo y teléfono) o abre tu
          perfil, y cada vez que alguien del Equipo Fleeters abre uno de tus documentos, tu RUT, la cédula del dueño de
          tu vehículo o tus mensajes con una empresa, queda registrado aquí: quién, qué y cuándo. Si vuelve a abrirlo
          dentro de 10 minutos, se registra una sola vez.
        </p>
      </div>
      {count === 0 ? (
        <div
          className="rounded-lg border border-dashed border-slate-300 bg-white p-5 text-slate-700"
          data-testid="accesos-vacio"
        >
          <p className="font-semibold text-slate-900">Nadie ha visto tus datos todavía.</p>
          <p className="mt-1">
            Cuando una empresa vea tu postulación o el Equipo Fleeters revise uno de tus documentos, lo verás en esta
            lista con la fecha y la hora.
          </p>
        </div>
      ) : (
        <section aria-labelledby="accesos-lista">
          <h2 id="accesos-lista" className="mb-3 text-lg font-semibold text-slate-900">
            Accesos registrados ({formatInteger(count)})
          </h2>
          {views.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-5 text-slate-700">
              Esta página no tiene accesos.{' '}
              <Link to={DATA_VIEWS_PATH} className="font-medium text-brand-700 underline">
                Ve a la primera página
              </Link>
              .
            </p>
          ) : (
            <ol className="space-y-3" data-testid="accesos">
              {views.map((v) => (
                <li key={v.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold text-slate-900">{v.viewer}</span>
                    <Badge tone={v.viewer_kind === 'staff' ? 'brand' : 'neutral'}>
                      {v.viewer_kind === 'staff' ? 'Fleeters' : 'Empresa'}
                    </Badge>
                  </div>
                  <p className="mt-1 text-slate-700">{v.item}</p>
                  <p className="mt-1 text-sm text-slate-600">
                    <time dateTime={v.viewed_at}>{formatDateTime(v.viewed_at)}</time>
                  </p>
                </li>
              ))}
            </ol>
          )}
          <Pagination
            page={page}
            total={count}
            hrefFor={(n) => (n === 1 ? DATA_VIEWS_PATH : `${DATA_VIEWS_PATH}?page=${n}`)}
            label="Páginas de accesos"
          />
        </section>
      )}
    </main>
  )
}
