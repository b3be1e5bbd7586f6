import { Link, useLoaderData } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { dataViewsApi } from '#app/.server/backend/data-views'
import { required } from '#app/.server/responses'
import { activitySentence } from '#app/components/admin/activity'
import {
  actionText,
  DataTable,
  formatDateTime,
  formatDay,
  LINK,
  PageHeader,
  Section,
  StatusBadge,
  TD,
  ValidatedBadge,
} from '#app/components/admin/console'
import { APPLICATION_STATUS_LABELS, POSTING_STATUS_LABELS } from '#app/components/marketplace/labels'
import { Badge } from '#app/components/ui/badge'
import { buttonClass } from '#app/components/ui/button'
import { Pagination } from '#app/components/ui/pagination'
import { formatDate, formatPhone, formatRut } from '#domain/format'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/driver'
import { isAdministrador, requireAdmin } from './admin.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.driver.name ?? 'Conductor'} | Consola | Fleeters` },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const id = positiveId(params.id)
  if (!id) throw new Response(null, { status: 404 })
  const detail = await required(request, await adminApi.driver(context, session.token, id))
  // After the detail, whose RUT view is itself recorded: the trail includes this visit (decision 78).
  const wanted = positiveId(new URL(request.url).searchParams.get('accesos'))
  const views = await required(
    request,
    await dataViewsApi.ofDriver(context, session.token, id, wanted && wanted <= 99_999 ? wanted : 1),
  )
  // An «administrador» may open each application's thread (decision 108); a «revisor» does not see them.
  return { ...detail, views, readsThreads: isAdministrador(session) }
}

export default function DriverDetail() {
  const { driver, slots, documents, validated, experience, applications, powers, reviews, views, readsThreads } =
    useLoaderData<typeof loader>()
  const pending = slots.filter((s) => s.file_status === 'PENDING').length
  return (
    <>
      <p className="mb-3">
        <Link to="/admin/conductores" className={LINK}>
          ← Conductores
        </Link>
      </p>
      <PageHeader title={driver.name}>
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-800" data-testid="progreso-validacion">
            {documents.accepted}/{documents.total} aprobados {validated ? <ValidatedBadge /> : null}
          </p>
          {pending > 0 ? (
            <Link to={`/admin/conductores/${driver.id}/revisar`} className={buttonClass('primary')}>
              Revisar conductor ({pending === 1 ? '1 pendiente' : `${pending} pendientes`})
            </Link>
          ) : null}
        </div>
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Perfil">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">RUT</dt>
            <dd>{formatRut(driver.rut) || '—'}</dd>
            <dt className="font-semibold text-slate-700">Correo</dt>
            <dd className="break-all">
              {driver.email} {driver.email_verified ? '(verificado)' : '(sin verificar)'}
            </dd>
            <dt className="font-semibold text-slate-700">Teléfono</dt>
            <dd>{formatPhone(driver.phone) || '—'}</dd>
            <dt className="font-semibold text-slate-700">Dirección</dt>
            <dd>{driver.address ?? '—'}</dd>
            <dt className="font-semibold text-slate-700">Comuna</dt>
            <dd>{driver.name_commune ?? '—'}</dd>
            <dt className="font-semibold text-slate-700">Vehículo</dt>
            <dd>{driver.name_vehicle ?? '—'}</dd>
            <dt className="font-semibold text-slate-700">Registro</dt>
            <dd>{formatDay(driver.created_at)}</dd>
            <dt className="font-semibold text-slate-700">Sobre mí</dt>
            <dd className="whitespace-pre-line">{driver.about_me || '—'}</dd>
          </dl>
        </Section>
        <Section title="Documentos">
          <ul className="divide-y divide-slate-100 text-sm">
            {slots.map((s) => (
              <li key={s.purpose_name} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                <span>
                  {s.title}
                  {s.optional ? <span className="text-xs text-slate-600"> (opcional)</span> : null}
                  {s.file_status === 'REJECTED' && s.rejection_reason ? (
                    <span className="block text-xs text-red-800">{s.rejection_reason}</span>
                  ) : null}
                </span>
                <span className="flex items-center gap-2">
                  {s.expired ? <Badge tone="danger">Vencido</Badge> : null}
                  {s.expires_on && s.file_status !== 'REJECTED' ? (
                    <span className="text-xs text-slate-700">Vence el {formatDate(s.expires_on, 'numeric')}</span>
                  ) : null}
                  <StatusBadge status={s.file_status} />
                  {s.id_file ? (
                    <Link
                      to={`/admin/documentos/${s.id_file}`}
                      className={`${LINK} text-xs`}
                      aria-label={`${s.file_status === 'PENDING' ? 'Revisar' : 'Ver'}: ${s.title}`}
                    >
                      {s.file_status === 'PENDING' ? 'Revisar' : 'Ver'}
                    </Link>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Experiencia laboral">
          {experience.length === 0 ? (
            <p className="text-sm text-slate-700">Sin experiencia registrada.</p>
          ) : (
            <ul className="space-y-3 text-sm">
              {experience.map((e) => (
                <li key={e.id}>
                  <strong>{e.job_title}</strong> · {e.company_name} ({e.type_employment})
                  <span className="block text-xs text-slate-600">
                    {e.location} · {formatDay(e.start_date)} a {e.end_date ? formatDay(e.end_date) : 'la actualidad'}
                  </span>
                  <span className="block whitespace-pre-line text-slate-700">{e.job_description}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Postulaciones">
          {applications.length === 0 ? (
            <p className="text-sm text-slate-700">Sin postulaciones.</p>
          ) : (
            <DataTable
              headings={
                readsThreads
                  ? ['Publicación', 'Empresa', 'Estado', 'Fecha', 'Mensajes']
                  : ['Publicación', 'Empresa', 'Estado', 'Fecha']
              }
            >
              {applications.map((a) => (
                <tr key={a.id}>
                  <td className={TD}>
                    {a.title}
                    <span className="block text-xs text-slate-600">
                      {POSTING_STATUS_LABELS[a.posting_status as keyof typeof POSTING_STATUS_LABELS] ??
                        a.posting_status}
                    </span>
                  </td>
                  <td className={TD}>{a.company_name}</td>
                  <td className={TD}>
                    {APPLICATION_STATUS_LABELS[a.status as keyof typeof APPLICATION_STATUS_LABELS] ?? a.status}
                  </td>
                  <td className={TD}>{formatDay(a.created_at)}</td>
                  {readsThreads ? (
                    <td className={TD}>
                      {a.messages === 0 ? (
                        'Sin mensajes'
                      ) : (
                        <Link
                          to={`/admin/conductores/${driver.id}/postulaciones/${a.id}`}
                          className={`${LINK} inline-flex min-h-11 items-center whitespace-nowrap`}
                          aria-label={`Leer mensajes (${a.messages}): ${a.company_name}, «${a.title}»`}
                        >
                          Leer mensajes ({a.messages})
                        </Link>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
          )}
        </Section>
        <Section title="Poderes simples">
          {powers.length === 0 ? (
            <p className="text-sm text-slate-700">No ha creado poderes simples.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {powers.map((pw) => (
                <li key={pw.id}>
                  <strong>
                    {pw.vehicle_brand} {pw.vehicle_model} · {pw.vehicle_license_plate}
                  </strong>
                  <span className="block text-xs text-slate-600">
                    Dueño: {pw.full_name_owner} ({formatRut(pw.rut_owner)}) · {formatDay(pw.created_at)} ·{' '}
                    {pw.status === 'PENDING_SIGNATURE'
                      ? 'Esperando firma del dueño'
                      : pw.status === 'SIGNED'
                        ? 'Firma del dueño recibida'
                        : pw.status}
                  </span>
                  <Link to={`/admin/documentos/${pw.document_file_id}`} className={`${LINK} text-xs`}>
                    Ver documento
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Revisiones">
          {reviews.length === 0 ? (
            <p className="text-sm text-slate-700">Aún no hay revisiones.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {reviews.map((r) => (
                <li key={r.id}>
                  <span className="block text-xs text-slate-600">
                    {formatDateTime(r.created_at)} · {actionText(r.action)}
                  </span>
                  <span className="block">{activitySentence(r)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <div className="mt-6">
        <Section title="Accesos a sus datos" id="accesos">
          <p className="mb-3 text-sm text-slate-700">
            Quién abrió sus documentos, su RUT, la cédula del dueño de su vehículo, su ficha o su perfil de postulante,
            o sus mensajes con una empresa, y cuándo. El conductor ve esta lista en «Quién vio mis datos», con el equipo
            como «Equipo Fleeters».
          </p>
          {views.count === 0 ? (
            <p className="text-sm text-slate-700">Nadie ha visto sus datos todavía.</p>
          ) : (
            <>
              <DataTable headings={['Quién', 'Qué', 'Cuándo']}>
                {views.views.map((v) => (
                  <tr key={v.id}>
                    <td className={TD}>
                      <span className="flex flex-wrap items-center gap-2">
                        {v.viewer_kind === 'staff'
                          ? (v.viewer_name ?? 'Cuenta eliminada')
                          : (v.company_name ?? 'Empresa eliminada')}
                        <Badge tone={v.viewer_kind === 'staff' ? 'brand' : 'neutral'}>
                          {v.viewer_kind === 'staff' ? 'Equipo' : 'Empresa'}
                        </Badge>
                      </span>
                      {v.viewer_email ? (
                        <span className="block break-all text-xs text-slate-600">{v.viewer_email}</span>
                      ) : null}
                    </td>
                    <td className={TD}>{v.item}</td>
                    <td className={`${TD} whitespace-nowrap`}>{formatDateTime(v.viewed_at)}</td>
                  </tr>
                ))}
              </DataTable>
              <Pagination
                page={views.page}
                total={views.count}
                hrefFor={(n) => `/admin/conductores/${driver.id}?accesos=${n}#accesos`}
                label="Páginas de accesos"
              />
            </>
          )}
        </Section>
      </div>
    </>
  )
}
