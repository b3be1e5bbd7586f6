import { useLoaderData } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { threadsApi } from '#app/.server/backend/messages'
import { formAction } from '#app/.server/form-action'
import { threadMessageIntent } from '#app/.server/thread-message'
import { OwnPostings } from '#app/components/marketplace/own-postings'
import { ThreadView } from '#app/components/marketplace/thread'
import { Modal } from '#app/components/ui/modal'
import { withParams } from '#app/paths'
import { formatDateTime } from '#domain/format'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/driver-applied'
import { ownPostingsPage, postingIntents } from './driver-postings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Mis postulaciones | Fleeters' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const url = new URL(request.url)
  // ?conversacion=<application>: the thread with the company, open over the list (the link of
  // the «Nuevo mensaje» notice). Read before the counts, so they no longer count what it shows.
  const talkTo = positiveId(url.searchParams.get('conversacion'))
  const thread = talkTo ? await threadsApi.driverThread(context, session.token, talkTo) : null
  const [page, threads] = await Promise.all([
    ownPostingsPage(request, context, 'applied'),
    threadsApi.driverThreads(context, session.token),
  ])
  return {
    ...page,
    threads: threads.ok ? threads.data.threads : [],
    thread: thread?.ok
      ? { ...thread.data, messages: thread.data.messages.map((m) => ({ ...m, at: formatDateTime(m.created_at) })) }
      : null,
    threadError: thread && !thread.ok ? 'No encontramos esa conversación.' : null,
    closeThreadTo: withParams(url.pathname, url.search, { conversacion: null }),
  }
}

/** The posting actions of the list, and a message in an open thread (data for its fetcher, else back to it). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args
  const session = await requireSession(request, context, 'User')
  return formAction({
    ...postingIntents(request, context, session.token),
    mensaje: threadMessageIntent(request, (id, body) => threadsApi.driverSend(context, session.token, id, body)),
  })(args)
}

export default function DriverAppliedRoute() {
  const d = useLoaderData<typeof loader>()
  return (
    <>
      <OwnPostings
        kind="applied"
        postings={d.postings}
        count={d.count}
        page={d.page}
        error={d.error}
        threads={d.threads}
      />
      {d.thread ? (
        <Modal title={`Mensajes de ${d.thread.company_name}`} closeTo={d.closeThreadTo}>
          <p className="mb-3 text-sm text-slate-700">Sobre tu postulación a «{d.thread.posting_title}».</p>
          <ThreadView
            thread={d.thread}
            me="driver"
            otherName={d.thread.company_name}
            cannotWrite="Podrás responder cuando la empresa te escriba."
          />
        </Modal>
      ) : d.threadError ? (
        <Modal title="Mensajes" closeTo={d.closeThreadTo}>
          <p role="alert">{d.threadError}</p>
        </Modal>
      ) : null}
    </>
  )
}
