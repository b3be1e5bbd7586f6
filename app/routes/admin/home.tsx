import { Link, useLoaderData } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { required } from '#app/.server/responses'
import { activitySentence } from '#app/components/admin/activity'
import {
  formatDateTime,
  LINK,
  PageHeader,
  Section,
  STACK_TD,
  STACK_TR,
  StackTable,
} from '#app/components/admin/console'
import { QueueCounts } from '#app/components/admin/queue-counts'
import { statisticClaim } from '#app/components/admin/statistic-claim'
import { Badge } from '#app/components/ui/badge'
import type { AdminSummary } from '#domain/contract/admin'
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

/**
 * The public site's statistic beside the real count: a typed number above the count of validated
 * drivers is a claim the platform does not back today, so the home says so and links to its form.
 */
function PublicClaim({
  stat,
  validated,
  administrador,
}: {
  stat: AdminSummary['driver_statistics'][number]
  validated: number
  administrador: boolean
}) {
  const claim = statisticClaim(stat, validated)
  const real = `hoy hay ${formatInteger(validated)} ${validated === 1 ? 'conductor validado' : 'conductores validados'}`
  const edit = administrador ? (
    <Link
      to={`/admin/contenido#statistics-${stat.id}`}
      className={`${LINK} inline-flex min-h-11 items-center`}
      data-testid="editar-cifra-publica"
    >
      Editar «{stat.title}» en Contenido
    </Link>
  ) : null
  if (claim.kind === 'live')
    return (
      <p className="mb-6 text-sm text-slate-700" data-testid="cifra-publica">
        El sitio público muestra «{stat.title}» con el conteo real: {real}.
      </p>
    )
  if (claim.kind === 'overstated')
    return (
      <div
        className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        data-testid="cifra-publica"
      >
        <p className="font-semibold">
          El sitio público dice +{formatInteger(claim.claimed)}; {real}.
        </p>
        <p className="mt-1">«{stat.title}» es un valor fijo escrito en Contenido, no el conteo real.</p>
        {edit}
      </div>
    )
  return (
    <p className="mb-6 text-sm text-slate-700" data-testid="cifra-publica">
      El sitio público muestra «{stat.title}» como valor fijo ({stat.value}); {real}. {edit}
    </p>
  )
}

export default function AdminHome() {
  const { summary, audit, expiring, administrador } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Consola de operaciones" />
      <section aria-labelledby="plazo-titulo" className="mb-6">
        <h2 id="plazo-titulo" className="mb-2 text-lg font-bold text-slate-900">
          Plazo de revisión
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Cada documento vence 24 horas hábiles después de su carga: a la misma hora del siguiente día hábil.
        </p>
        <QueueCounts counts={summary.queue} href={(due) => `/admin/documentos?due=${due}`} />
      </section>
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
      {summary.driver_statistics.map((stat) => (
        <PublicClaim key={stat.id} stat={stat} validated={summary.validated_drivers} administrador={administrador} />
      ))}
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
            <StackTable
              headings={['Conductor', 'Documento', 'Vence']}
              caption="Documentos por vencer, del que vence antes al que vence después"
            >
              {expiring.documents.map((d) => (
                <tr key={d.id} className={STACK_TR}>
                  <td className={STACK_TD} data-label="Conductor">
                    <Link to={`/admin/conductores/${d.driver.id}`} className={LINK}>
                      {d.driver.name}
                    </Link>
                    <span className="block text-xs break-all text-slate-600">{d.driver.email}</span>
                  </td>
                  <td className={STACK_TD} data-label="Documento">
                    {d.title}
                  </td>
                  <td className={STACK_TD} data-label="Vence">
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
            </StackTable>
          )}
        </Section>
      </div>
      {audit ? (
        <Section title="Actividad reciente">
          {audit.length === 0 ? (
            <p className="text-slate-700">Aún no hay acciones registradas.</p>
          ) : (
            <StackTable
              headings={['Fecha', 'Actividad']}
              caption="Las últimas acciones de la consola, de la más reciente a la más antigua"
              testId="actividad-reciente"
            >
              {audit.map((a) => (
                <tr key={a.id} className={STACK_TR}>
                  <td className={`${STACK_TD} whitespace-nowrap`} data-label="Fecha">
                    {formatDateTime(a.created_at)}
                  </td>
                  <td className={`${STACK_TD} break-words`} data-label="Actividad">
                    {activitySentence(a)}
                  </td>
                </tr>
              ))}
            </StackTable>
          )}
        </Section>
      ) : null}
    </>
  )
}
