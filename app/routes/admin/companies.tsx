import { Form, Link, useLoaderData } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { required } from '#app/.server/responses'
import { DataTable, formatDay, LINK, PageHeader, TD, VerifiedBadge } from '#app/components/admin/console'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { formatRut } from '#domain/format'
import type { Route } from './+types/companies'
import { requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Empresas | Consola | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  const q = new URL(request.url).searchParams.get('q')?.trim().slice(0, 100) ?? ''
  const { companies } = await required(request, await adminApi.companies(context, session.token, q))
  return { q, companies }
}

export default function Companies() {
  const { q, companies } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Empresas">
        <p className="text-sm font-semibold text-slate-700">
          {companies.length === 1 ? '1 empresa' : `${companies.length} empresas`}
        </p>
      </PageHeader>
      <Form
        method="get"
        role="search"
        aria-label="Buscar empresas"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <label className="block min-w-64 flex-1 text-sm font-semibold text-slate-800">
          Buscar
          <input type="search" name="q" defaultValue={q} placeholder="Nombre, RUT o correo" className={CONTROL} />
        </label>
        <button type="submit" className={buttonClass('primary')}>
          Buscar
        </button>
      </Form>
      {companies.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">No hay empresas que coincidan.</p>
      ) : (
        <DataTable boxed headings={['Empresa', 'RUT', 'Contacto', 'Verificación', 'Publicaciones', 'Registro']}>
          {companies.map((c) => (
            <tr key={c.id}>
              <td className={TD}>
                <Link to={`/admin/empresas/${c.id}`} className={LINK}>
                  {c.name}
                </Link>
              </td>
              <td className={TD}>{formatRut(c.rut)}</td>
              <td className={`${TD} break-all`}>
                {c.contact_name}
                <span className="block text-xs text-slate-600">{c.email}</span>
              </td>
              <td className={TD}>
                <VerifiedBadge verified={c.verified} />
              </td>
              <td className={TD}>
                {c.open_postings} abiertas de {c.postings}
              </td>
              <td className={TD}>{formatDay(c.created_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  )
}
