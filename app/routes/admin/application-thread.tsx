import { Link, useLoaderData } from 'react-router'
import { threadsApi } from '#app/.server/backend/messages'
import { required } from '#app/.server/responses'
import { LINK, PageHeader, Section } from '#app/components/admin/console'
import { MessageList } from '#app/components/marketplace/thread'
import { formatDateTime } from '#domain/format'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/application-thread'
import { requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `Mensajes entre ${data?.thread.company_name ?? ''} y ${data?.thread.driver_name ?? ''} | Consola | Fleeters`,
  },
]

/**
 * One application's thread between the company and the driver, read-only, for an «administrador»
 * (a report of abuse, a dispute; decisions 105 and 108): reading it marks nothing read for either
 * side, and the service records it among the driver's «Accesos a sus datos».
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  const driverId = positiveId(params.id)
  const id = positiveId(params.application)
  if (!driverId || !id) throw new Response(null, { status: 404 })
  const thread = await required(request, await threadsApi.consoleThread(context, session.token, id))
  // The application of another driver is not found under this one's page.
  if (thread.id_driver !== driverId) throw new Response(null, { status: 404 })
  return {
    thread: { ...thread, messages: thread.messages.map((m) => ({ ...m, at: formatDateTime(m.created_at) })) },
  }
}

export default function ApplicationThread() {
  const { thread } = useLoaderData<typeof loader>()
  const count = thread.messages.length
  return (
    <>
      <p className="mb-3">
        <Link to={`/admin/conductores/${thread.id_driver}`} className={`${LINK} inline-flex min-h-11 items-center`}>
          ← {thread.driver_name}
        </Link>
      </p>
      <div className="max-w-3xl space-y-4">
        <PageHeader title={`Mensajes entre ${thread.company_name} y ${thread.driver_name}`} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-700">Conductor</dt>
          <dd>
            <Link to={`/admin/conductores/${thread.id_driver}`} className={LINK}>
              {thread.driver_name}
            </Link>
          </dd>
          <dt className="font-semibold text-slate-700">Empresa</dt>
          <dd>
            <Link to={`/admin/empresas/${thread.id_company}`} className={LINK}>
              {thread.company_name}
            </Link>
          </dd>
          <dt className="font-semibold text-slate-700">Publicación</dt>
          <dd className="break-words">{thread.posting_title}</dd>
        </dl>
        <p className="rounded-md border-l-4 border-slate-400 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          Solo lectura. Abrir esta conversación no marca nada como leído para la empresa ni para el conductor, y queda
          registrado en «Accesos a sus datos» del conductor.
        </p>
        <Section title={count === 1 ? '1 mensaje' : `${count} mensajes`} id="mensajes">
          {count === 0 ? (
            <p className="text-sm text-slate-700">Aún no hay mensajes.</p>
          ) : (
            <MessageList
              messages={thread.messages}
              side={(m) =>
                m.sender === 'driver'
                  ? { name: thread.driver_name, right: true, note: m.read ? 'Leído por la empresa' : 'Sin leer' }
                  : { name: thread.company_name, right: false, note: m.read ? 'Leído por el conductor' : 'Sin leer' }
              }
            />
          )}
        </Section>
      </div>
    </>
  )
}
