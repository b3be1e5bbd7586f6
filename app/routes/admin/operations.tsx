import { Form, href, Link } from 'react-router'
import { messageList } from '#app/.server/backend/client'
import { operationsApi, type FailedMessage, type HealthCheck, type Operations } from '#app/.server/backend/operations'
import { formAction } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { DataTable, formatDateTime, PageHeader, Section, TD } from '#app/components/admin/console'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { SubmitButton } from '#app/components/ui/button'
import { pagePath } from '#app/paths'
import { formatInteger } from '#domain/format'
import { positiveId } from '#domain/ids'
import { formatMegabytes } from '#domain/uploads'
import type { Route } from './+types/operations'
import { requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Operación | Consola | Fleeters' }]

/** «Operación»: what the product needs is answering, and the outbox is moving; administradores only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  const operations = await required(request, await operationsApi.get(context, session.token))
  return { operations }
}

/** «Reintentar»: the failed message goes back to the queue (audited by the service); a refusal shows on its row. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrador(args.request, args.context)
  return formAction<Route.ActionArgs, { retried: number | null }>({
    default: async ({ context, formData, reply, fail }) => {
      const retried = positiveId(formData.get('id'))
      if (!retried) return reply({ retried, errors: ['Elige un mensaje de la lista.'] }, 400)
      const res = await operationsApi.retry(context, session.token, retried)
      if (!res.ok) return fail(res, { retried, errors: messageList(res.message) })
      return redirectWithToast(`${href('/admin/operacion')}#mensajes`, { type: 'success', message: res.data.message })
    },
  })(args)
}

const CHECK_LABEL: Record<HealthCheck['name'], string> = {
  database: 'Base de datos',
  redis: 'Redis',
  storage: 'Almacenamiento de archivos',
  mail: 'Correo',
}

const CHANNEL_LABEL: Record<FailedMessage['channel'], string> = { email: 'Correo', whatsapp: 'WhatsApp' }

/** '45 s', '12 min', '3 h 5 min', '2 días 4 h': how long the oldest message has waited. */
function formatAge(seconds: number): string {
  if (seconds < 60) return `${formatInteger(seconds)} s`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${formatInteger(minutes)} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${formatInteger(hours)} h ${minutes % 60} min` : `${formatInteger(hours)} h`
  const days = Math.floor(hours / 24)
  const rest = hours % 24 ? ` ${hours % 24} h` : ''
  return `${formatInteger(days)} ${days === 1 ? 'día' : 'días'}${rest}`
}

function Health({ checks }: { checks: HealthCheck[] }) {
  return (
    <Section title="Estado" id="estado">
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="estado">
        {checks.map((check) => (
          <li key={check.name} className="rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">{CHECK_LABEL[check.name]}</span>
              {check.ok ? <Badge tone="success">Funciona</Badge> : <Badge tone="danger">Con problemas</Badge>}
            </div>
            <p className="mt-1 text-sm break-words text-slate-700">{check.detail}</p>
          </li>
        ))}
      </ul>
    </Section>
  )
}

interface OutboxProps {
  outbox: Operations['outbox']
  failed: FailedMessage[]
  feedback?: Route.ComponentProps['actionData']
}

const TEXT = {
  gaveUp: 'Estos mensajes agotaron sus intentos.',
  retry: '«Reintentar» los devuelve a la cola: se envían en segundos si el servicio de envío ya responde.',
}
const FAILED_HEADINGS = ['Canal', 'Destinatario', 'Intentos', 'Último error', 'Falló', { hidden: 'Acción' }]

function Outbox({ outbox, failed, feedback }: OutboxProps) {
  const figures = [
    { label: 'Pendientes de envío', value: formatInteger(outbox.pending) },
    { label: 'Espera del más antiguo', value: outbox.pending ? formatAge(outbox.oldest_pending_seconds) : '—' },
    { label: 'Fallidos', value: formatInteger(outbox.failed) },
  ]
  return (
    <Section title="Mensajes" id="mensajes">
      <dl className="mb-4 grid gap-3 sm:grid-cols-3">
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">{f.label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      {feedback && !feedback.retried ? <Alert tone="error" messages={feedback.errors} replyId={feedback.id} /> : null}
      {failed.length === 0 ? (
        <p className="text-sm text-slate-700">No hay mensajes fallidos.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-700">
            {TEXT.gaveUp} {TEXT.retry}
          </p>
          <DataTable headings={FAILED_HEADINGS} caption="Mensajes fallidos, los más recientes primero">
            {failed.map((m) => (
              <tr key={m.id} id={`mensaje-${m.id}`} data-testid="mensaje-fallido">
                <td className={TD}>{CHANNEL_LABEL[m.channel]}</td>
                <td className={TD}>
                  <span className="break-all">{m.recipient}</span>
                  {m.subject ? <span className="block text-xs text-slate-600">{m.subject}</span> : null}
                </td>
                <td className={TD}>{formatInteger(m.attempts)}</td>
                <td className={`${TD} max-w-xs text-xs break-words`}>{m.last_error ?? '—'}</td>
                <td className={`${TD} whitespace-nowrap`}>{formatDateTime(m.failed_at)}</td>
                <td className={TD}>
                  <Form method="post" preventScrollReset>
                    <SubmitButton name="id" value={String(m.id)} variant="secondary" pendingText="Reintentando…">
                      Reintentar<span className="sr-only"> el mensaje a {m.recipient}</span>
                    </SubmitButton>
                  </Form>
                  {feedback?.retried === m.id ? (
                    <Alert tone="error" messages={feedback.errors} replyId={feedback.id} />
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </Section>
  )
}

/** The periodic jobs at a glance: the ones failing first; «Tareas programadas» has the whole table. */
function Jobs({ jobs }: { jobs: Operations['jobs'] }) {
  const failing = jobs.filter((job) => job.last_outcome === 'failed')
  return (
    <Section title="Tareas programadas" id="tareas">
      <p className="text-sm text-slate-700" data-testid="tareas-resumen">
        {failing.length === 0
          ? `Las ${formatInteger(jobs.length)} tareas terminaron bien su última ejecución.`
          : `${formatInteger(failing.length)} de ${formatInteger(jobs.length)} tareas ` +
            `${failing.length === 1 ? 'falló' : 'fallaron'} en su última ejecución.`}
      </p>
      {failing.length ? (
        <ul className="mt-3 space-y-2">
          {failing.map((job) => (
            <li key={job.name} className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
              <span className="font-semibold text-slate-900">{job.title}</span>
              <span className="text-slate-700">
                {' '}
                · {formatInteger(job.consecutive_failures)} fallas seguidas · próximo intento{' '}
                {formatDateTime(job.next_run_at)}
              </span>
              {job.last_error ? <span className="mt-1 block break-words text-red-800">{job.last_error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        to={pagePath('/admin/tareas')}
        className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        Ver todas las tareas
      </Link>
    </Section>
  )
}

/** The newest archive of `npm run backup` or the daily job, or why there is none here. */
function Backup({ backup, daily }: { backup: Operations['last_backup']; daily: boolean }) {
  return (
    <Section title="Última copia de seguridad" id="respaldo">
      {backup ? (
        <dl className="grid gap-3 sm:grid-cols-3" data-testid="respaldo">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">Hecha</dt>
            <dd className="font-semibold text-slate-900">{formatDateTime(backup.created_at)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">Tamaño</dt>
            <dd className="font-semibold text-slate-900">{formatMegabytes(backup.bytes)}</dd>
          </div>
          <div className="min-w-0 rounded-lg bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">Archivo</dt>
            <dd className="font-mono text-sm break-all text-slate-900">{backup.file}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-700" data-testid="respaldo">
          {daily
            ? 'Aún no hay copias: la primera se hace a las 04:00 (o al iniciar, si el servidor ' +
              'estaba apagado a esa hora).'
            : 'Este servidor no hace copias diarias (base de datos PostgreSQL o BACKUP_DAILY=false): ' +
              'las hace el proveedor de la base de datos o «npm run backup» en una sola máquina.'}
        </p>
      )}
    </Section>
  )
}

/** The page is a column of sections, each fed by the loader's data. */
export default function OperationsRoute({ loaderData, actionData: feedback }: Route.ComponentProps) {
  const { operations } = loaderData
  return (
    <>
      <PageHeader title="Operación" />
      <div className="space-y-6">
        <Health checks={operations.checks} />
        <Outbox outbox={operations.outbox} failed={operations.failed_messages} feedback={feedback} />
        <Jobs jobs={operations.jobs} />
        <Backup backup={operations.last_backup} daily={operations.daily_backup} />
      </div>
    </>
  )
}
