import { Form, href } from 'react-router'
import { joinMessage } from '#app/.server/backend/client'
import { schedulerApi } from '#app/.server/backend/scheduler'
import { formAction, withSchema } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { formatDateTime, PageHeader, STACK_TD as CELL, STACK_TR, TH } from '#app/components/admin/console'
import { Badge } from '#app/components/ui/badge'
import { SubmitButton } from '#app/components/ui/button'
import type { ScheduledJobView } from '#domain/contract/scheduler'
import { formatDecimal, formatInteger } from '#domain/format'
import { jobNameParams } from '#domain/validation/scheduler'
import type { Route } from './+types/scheduled-jobs'
import { requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Tareas programadas | Consola | Fleeters' }]

/** «Tareas programadas» (decision 81): administradores only; a revisor gets the console's 403. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  const { jobs } = await required(request, await schedulerApi.jobs(context, session.token))
  return { jobs }
}

/** «Ejecutar ahora»: the service moves the job's next run to now (audited); the next check runs it. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrador(args.request, args.context)
  const page = href('/admin/tareas')
  return formAction<Route.ActionArgs>({
    default: withSchema(
      jobNameParams,
      async ({ context, value, failTo }) => {
        const res = await schedulerApi.runNow(context, session.token, value.name)
        if (!res.ok) return failTo(res, page, { type: 'error', message: joinMessage(res.message) })
        return redirectWithToast(page, { type: 'success', message: res.data.message })
      },
      { invalid: () => redirectWithToast(page, { type: 'error', message: 'Acción no válida.' }) },
    ),
  })(args)
}

/** '350 ms', '4,2 s', '3 min 5 s'. */
function formatDuration(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 1000) return `${formatInteger(ms)} ms`
  if (ms < 60_000) return `${formatDecimal(ms / 1000, 1)} s`
  const seconds = Math.round(ms / 1000)
  return `${formatInteger(Math.floor(seconds / 60))} min ${seconds % 60} s`
}

function Outcome({ job }: { job: ScheduledJobView }) {
  if (job.running) return <Badge tone="brand">En curso</Badge>
  if (job.last_outcome === 'ok') return <Badge tone="success">Correcta</Badge>
  if (job.last_outcome === 'failed') {
    return (
      <Badge tone="danger" className="max-w-full break-words whitespace-normal">
        Falló: {job.last_error ?? 'sin detalle'}
      </Badge>
    )
  }
  return <Badge tone="neutral">Sin ejecuciones</Badge>
}

/** Runs in a row that failed: in red when any. */
function Failures({ n }: { n: number }) {
  return <span className={n ? 'font-semibold text-red-700' : undefined}>{formatInteger(n)}</span>
}

/** «Ejecutar ahora»: a plain form, so it works without JS too. */
function RunNow({ name, title }: { name: string; title: string }) {
  return (
    <Form method="post">
      <SubmitButton name="name" value={name} variant="secondary" pendingText="Pidiendo…" className={RUN_BUTTON}>
        Ejecutar ahora<span className="sr-only">: {title}</span>
      </SubmitButton>
    </Form>
  )
}

const COLS = ['Tarea', 'Horario', 'Última ejecución', 'Duración', 'Resultado', 'Próxima ejecución', 'Fallos seguidos']
const RUN_BUTTON = 'w-full text-sm whitespace-nowrap sm:w-auto'
const INTRO =
  'Lo que el servidor hace solo. Cada tarea se ejecuta una vez por periodo, aunque haya varios servidores. ' +
  'Si una falla, se reintenta tras una espera que se duplica con cada falla seguida, hasta su periodo normal. ' +
  '«Ejecutar ahora» la adelanta: corre en los próximos segundos.'

/**
 * The jobs the server runs by itself, each once per period across every server: when each last
 * ran, how long it took, how it went, when it runs next, and how many runs in a row failed.
 */
export default function ScheduledJobs({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData
  return (
    <>
      <PageHeader title="Tareas programadas" />
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{INTRO}</p>
      <div className="rounded-xl border border-slate-200 bg-white max-sm:px-4 sm:overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 max-sm:block" data-testid="tareas">
          <caption className="sr-only">Tareas programadas, con su última y su próxima ejecución</caption>
          <thead className="bg-slate-50 max-sm:sr-only">
            <tr>
              {COLS.map((h) => (
                <th key={h} scope="col" className={TH}>
                  {h}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {jobs.map((job) => (
              <tr key={job.name} className={STACK_TR} data-testid={`tarea-${job.name}`}>
                <td className={`${CELL} font-semibold text-slate-900`} data-label="Tarea">
                  {job.title}
                </td>
                <td className={CELL} data-label="Horario">
                  {job.schedule}
                </td>
                <td className={CELL} data-label="Última ejecución">
                  {job.last_started_at ? formatDateTime(job.last_started_at) : 'Nunca'}
                </td>
                <td className={CELL} data-label="Duración">
                  {formatDuration(job.last_duration_ms)}
                </td>
                <td className={`${CELL} max-w-xs`} data-label="Resultado">
                  <Outcome job={job} />
                </td>
                <td className={CELL} data-label="Próxima ejecución">
                  {job.next_run_at ? formatDateTime(job.next_run_at) : 'Al iniciar el servidor'}
                </td>
                <td className={CELL} data-label="Fallos seguidos">
                  <Failures n={job.consecutive_failures} />
                </td>
                <td className={CELL} data-label="">
                  {job.next_run_at && !job.running ? <RunNow name={job.name} title={job.title} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
