import { Link, useLoaderData } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { required } from '#app/.server/responses'
import { actionText, DataTable, formatDateTime, LINK, PageHeader, Section, TD } from '#app/components/admin/console'
import { Badge } from '#app/components/ui/badge'
import { formatDate, formatInteger } from '#domain/format'
import type { Route } from './+types/home'
import { isAdministrador, requireAdmin } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Consola de operaciones | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  // Both calls run at once; their answers are checked only once both are in, so a refusal of
  // the first is never a rejected promise left alone while the second is awaited.
  // The audit log is for administradores (decision 77): a revisor's home goes without it.
  const administrador = isAdministrador(session)
  const [summaryRes, auditRes, expiringRes] = await Promise.all([
    adminApi.summary(context, session.token),
    administrador ? adminApi.audit(context, session.token) : null,
    adminApi.expiring(context, session.token),
  ])
  const summary = await required(request, summaryRes)
  const audit = auditRes ? await required(request, auditRes) : null
  const expiring = await required(request, expiringRes)
  return { summary, audit: audit?.slice(0, 20) ?? null, expiring, administrador }
}

function Card({ label, value, to, testId }: { label: string; value: number; to: string; testId: string }) {
  return (
    <Link to={to} className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600">
      <span className="block text-sm font-semibold text-slate-700">{label}</span>
      <span className="mt-1 block text-3xl font-bold text-slate-900" data-testid={testId}>
        {formatInteger(value)}
      </span>
    </Link>
  )
}

export default function AdminHome() {
  const { summary, audit, expiring, administrador } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Consola de operaciones" />
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Card
          label="Documentos por revisar"
          value={summary.pending_documents}
          to="/admin/documentos"
          testId="resumen-pendientes"
        />
        <Card label="Conductores" value={summary.drivers} to="/admin/conductores" testId="resumen-conductores" />
        <Card
          label="Fleeters validados"
          value={summary.validated_drivers}
          to="/admin/conductores?validados=1"
          testId="resumen-validados"
        />
        {administrador ? (
          <Card label="Empresas" value={summary.companies} to="/admin/empresas" testId="resumen-empresas" />
        ) : null}
      </div>
      <div className="mb-6">
        <Section title="Documentos por vencer" id="por-vencer">
          <p className="mb-3 text-sm text-slate-700">
            Documentos vigentes o en revisión que vencen en los próximos {expiring.days} días, y los ya vencidos:
            cuentan como faltantes hasta que el conductor suba uno nuevo. El conductor recibe un correo 30 y 7 días
            antes, y el mismo día.
          </p>
          {expiring.documents.length === 0 ? (
            <p className="text-slate-700">Ningún documento vence en los próximos {expiring.days} días.</p>
          ) : (
            <DataTable headings={['Conductor', 'Documento', 'Vence']}>
              {expiring.documents.map((d) => (
                <tr key={d.id}>
                  <td className={TD}>
                    <Link to={`/admin/conductores/${d.driver.id}`} className={LINK}>
                      {d.driver.name}
                    </Link>
                    <span className="block text-xs break-all text-slate-600">{d.driver.email}</span>
                  </td>
                  <td className={TD}>{d.title}</td>
                  <td className={TD}>
                    {formatDate(d.expires_on, 'numeric')}{' '}
                    <Badge tone={d.days_left < 0 ? 'danger' : d.days_left <= 7 ? 'warning' : 'neutral'}>
                      {d.days_left < 0
                        ? 'Vencido'
                        : d.days_left === 0
                          ? 'Vence hoy'
                          : d.days_left === 1
                            ? 'Vence mañana'
                            : `En ${d.days_left} días`}
                    </Badge>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Section>
      </div>
      {audit ? (
        <Section title="Actividad reciente">
          {audit.length === 0 ? (
            <p className="text-slate-700">Aún no hay acciones registradas.</p>
          ) : (
            <DataTable headings={['Fecha', 'Quién', 'Qué', 'Antes → después']}>
              {audit.map((a) => (
                <tr key={a.id}>
                  <td className={TD}>{formatDateTime(a.created_at)}</td>
                  <td className={TD}>{a.actor}</td>
                  <td className={TD}>
                    {actionText(a.action)} #{a.entity_id}
                  </td>
                  <td className={`${TD} text-xs text-slate-700`}>
                    {summarize(a.before)} → {summarize(a.after)}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Section>
      ) : null}
    </>
  )
}

function summarize(value: Record<string, unknown> | null): string {
  if (!value) return '—'
  const keys = [
    'file_status',
    'rejection_reason',
    'verified',
    'status',
    'question',
    'title',
    'value',
    'name',
    'position',
  ]
  const parts = keys
    .filter((k) => k in value && value[k] !== null && value[k] !== undefined)
    .map((k) => `${k}: ${String(value[k])}`)
  return parts.length ? parts.join(', ').slice(0, 160) : '—'
}
