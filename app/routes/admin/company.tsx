import { Form, Link, useLoaderData } from 'react-router'
import { POSTING_STATUS_LABELS } from '../../components/marketplace/labels'
import { adminApi } from '../../.server/backend/admin'
import { messageList } from '../../.server/backend/client'
import { BUTTON, BUTTON_DANGER, BUTTON_SECONDARY, formatDay, LINK, PageHeader, Section, TD, TH, VerifiedBadge } from '../../components/admin/ui'
import { positiveId, redirectWithToast, required, requireAdmin, signOutIfRefused } from './admin.server'
import type { Route } from './+types/company'

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.company.name ?? 'Empresa'} | Consola | Fleeters` }]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const id = positiveId(params.id)
  if (!id) throw new Response(null, { status: 404 })
  return required(request, await adminApi.company(context, session.token, id))
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context)
  const id = positiveId(params.id)
  if (!id) throw new Response(null, { status: 404 })
  const form = await request.formData()
  const intent = form.get('intent')
  const here = `/admin/empresas/${id}`
  const res =
    intent === 'verify'
      ? await adminApi.setVerified(context, session.token, id, form.get('verified') === '1')
      : intent === 'close'
        ? await adminApi.closePosting(context, session.token, positiveId(form.get('posting')) ?? 0)
        : null
  if (!res) return redirectWithToast(here, { type: 'error', message: 'Acción no válida.' })
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    return redirectWithToast(here, { type: 'error', message: messageList(res.message).join(' ') })
  }
  return redirectWithToast(here, { type: 'success', message: res.data.message })
}

export default function CompanyDetail() {
  const { company, postings } = useLoaderData<typeof loader>()
  return (
    <>
      <p className="mb-3">
        <Link to="/admin/empresas" className={LINK}>
          ← Empresas
        </Link>
      </p>
      <PageHeader title={company.name}>
        <VerifiedBadge verified={company.verified} />
      </PageHeader>
      <div className="space-y-6">
        <Section title="Datos de la empresa">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">RUT</dt>
            <dd>{company.rut}</dd>
            <dt className="font-semibold text-slate-700">Contacto</dt>
            <dd>{company.contact_name}</dd>
            <dt className="font-semibold text-slate-700">Correo</dt>
            <dd className="break-all">{company.email}</dd>
            <dt className="font-semibold text-slate-700">Teléfono</dt>
            <dd>{company.phone}</dd>
            <dt className="font-semibold text-slate-700">Comuna</dt>
            <dd>{company.name_commune ?? '—'}</dd>
            <dt className="font-semibold text-slate-700">Registro</dt>
            <dd>{formatDay(company.created_at)}</dd>
          </dl>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="verified" value={company.verified ? '0' : '1'} />
            <button type="submit" className={company.verified ? BUTTON_SECONDARY : BUTTON}>
              {company.verified ? 'Quitar verificación' : 'Marcar como verificada'}
            </button>
          </Form>
        </Section>
        <Section title="Publicaciones">
          {postings.length === 0 ? (
            <p className="text-sm text-slate-700">Esta empresa no tiene publicaciones.</p>
          ) : (
            <div className="relative overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200">
                <thead>
                  <tr>
                    <th scope="col" className={TH}>Título</th>
                    <th scope="col" className={TH}>Comuna</th>
                    <th scope="col" className={TH}>Postulantes</th>
                    <th scope="col" className={TH}>Estado</th>
                    <th scope="col" className={TH}>Creada</th>
                    <th scope="col" className={TH}>
                      <span className="sr-only">Acción</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {postings.map((jp) => (
                    <tr key={jp.id}>
                      <td className={TD}>{jp.title}</td>
                      <td className={TD}>{jp.name_commune}</td>
                      <td className={TD}>{jp.applicants}</td>
                      <td className={TD}>{POSTING_STATUS_LABELS[jp.status]}</td>
                      <td className={TD}>{formatDay(jp.created_at)}</td>
                      <td className={TD}>
                        {jp.status === 'open' ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="close" />
                            <input type="hidden" name="posting" value={jp.id} />
                            <button type="submit" className={`${BUTTON_DANGER} py-1 text-xs`} aria-label={`Cerrar publicación: ${jp.title}`}>
                              Cerrar publicación
                            </button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Section>
      </div>
    </>
  )
}
