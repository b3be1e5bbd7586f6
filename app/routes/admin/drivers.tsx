import { Form, Link, useLoaderData } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { pageParam } from '#app/.server/list-page'
import { required } from '#app/.server/responses'
import { DataTable, LINK, PageHeader, TD, ValidatedBadge } from '#app/components/admin/console'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { formatRut } from '#domain/format'
import type { Route } from './+types/drivers'
import { requireAdmin } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Conductores | Consola | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const url = new URL(request.url)
  const q = url.searchParams.get('q')?.trim().slice(0, 100) ?? ''
  const validados = url.searchParams.get('validados') === '1' ? '1' : undefined
  const page = pageParam(url)
  const list = await required(request, await adminApi.drivers(context, session.token, { q, validados, page }))
  return { q, validados: Boolean(validados), ...list }
}

function pageHref(q: string, validados: boolean, page: number) {
  const sp = new URLSearchParams()
  if (q) sp.set('q', q)
  if (validados) sp.set('validados', '1')
  if (page > 1) sp.set('page', String(page))
  const s = sp.toString()
  return `/admin/conductores${s ? `?${s}` : ''}`
}

export default function Drivers() {
  const { q, validados, drivers, count, page, page_size, validated_total } = useLoaderData<typeof loader>()
  const pages = Math.max(1, Math.ceil(count / page_size))
  return (
    <>
      <PageHeader title="Conductores">
        <p className="text-sm font-semibold text-slate-700">
          <span data-testid="validados-total">{validated_total}</span>{' '}
          {validated_total === 1 ? 'Fleeter validado' : 'Fleeters validados'} · {count}{' '}
          {count === 1 ? 'resultado' : 'resultados'}
        </p>
      </PageHeader>
      <Form
        method="get"
        role="search"
        aria-label="Buscar conductores"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <label className="block min-w-64 flex-1 text-sm font-semibold text-slate-800">
          Buscar
          <input
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Nombre, RUT completo, correo o comuna"
            className={CONTROL}
          />
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" name="validados" value="1" defaultChecked={validados} />
          Solo Fleeters validados
        </label>
        <button type="submit" className={buttonClass('primary')}>
          Buscar
        </button>
      </Form>
      {drivers.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          No hay conductores que coincidan.
        </p>
      ) : (
        <DataTable boxed headings={['Nombre', 'RUT', 'Correo', 'Comuna / dirección', 'Documentos']}>
          {drivers.map((d) => (
            <tr key={d.id}>
              <td className={TD}>
                <Link to={`/admin/conductores/${d.id}`} className={LINK}>
                  {d.name}
                </Link>
              </td>
              <td className={TD}>{formatRut(d.rut) || '—'}</td>
              <td className={`${TD} break-all`}>{d.email}</td>
              <td className={TD}>{d.name_commune ?? d.address ?? '—'}</td>
              <td className={TD}>
                {d.validated ? (
                  <ValidatedBadge />
                ) : (
                  <span>
                    {d.documents.accepted}/{d.documents.total} aprobados
                    {d.documents.pending ? (
                      <span className="block text-xs text-amber-800">{d.documents.pending} en revisión</span>
                    ) : null}
                    {d.documents.rejected ? (
                      <span className="block text-xs text-red-800">{d.documents.rejected} rechazados</span>
                    ) : null}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {pages > 1 ? (
        <nav aria-label="Páginas" className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link to={pageHref(q, validados, page - 1)} className={LINK}>
              ← Anterior
            </Link>
          ) : null}
          <span>
            Página {page} de {pages}
          </span>
          {page < pages ? (
            <Link to={pageHref(q, validados, page + 1)} className={LINK}>
              Siguiente →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
