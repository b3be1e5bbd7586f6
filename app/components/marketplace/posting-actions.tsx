import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import type { DriverPosting } from '#app/.server/backend/marketplace'
import type { ActionReply } from '#app/components/action-reply'
import { JsMarker } from '#app/components/js-marker'
import { DRIVER_ALERT_MS } from '#app/components/ui/alert'
import { buttonClass } from '#app/components/ui/button'

type Intent = 'postular' | 'retirar' | 'guardar' | 'quitar'

const LABELS: Record<Intent, { idle: string; pending: string }> = {
  postular: { idle: 'Postular', pending: 'Postulando…' },
  retirar: { idle: 'Retirar postulación', pending: 'Retirando…' },
  guardar: { idle: 'Guardar', pending: 'Guardando…' },
  quitar: { idle: 'Quitar de guardadas', pending: 'Quitando…' },
}

/** The action's answer with JS: the service's message in `notice`, or its refusal in `errors`. */
type Answer = ActionReply

/** The answer of the last action, shown for the spec's 4 s (driver alerts, §9) once JS runs. */
function useFleetingAnswer(answer: Answer | undefined, pending: boolean): Answer | null {
  const [shown, setShown] = useState<Answer | null>(null)
  useEffect(() => {
    if (!answer || pending) return
    setShown(answer)
    const timer = setTimeout(() => setShown(null), DRIVER_ALERT_MS)
    return () => clearTimeout(timer)
  }, [answer, pending])
  return pending ? null : shown
}

/**
 * The answer on a line of its own under the buttons: it never pushes a button aside or out of
 * view. role=status/alert so it is read out.
 */
function AnswerLine({ answer }: { answer: Answer | null }) {
  const ok = !answer?.errors?.length
  const message = ok ? answer?.notice : answer?.errors?.join(', ')
  if (!message) return null
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={`basis-full text-sm font-medium ${ok ? 'text-green-800' : 'text-red-800'}`}
    >
      {message}
    </p>
  )
}

type Fetcher = ReturnType<typeof useFetcher<Answer>>

/** One button of the posting actions, posting through the fetcher it is given. */
function ActionButton({
  fetcher,
  id,
  intent,
  primary = false,
  title,
  fill = false,
}: {
  fetcher: Fetcher
  id: number
  intent: Intent
  primary?: boolean
  title: string
  fill?: boolean
}) {
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent
  return (
    <fetcher.Form method="post" className={fill ? 'flex flex-1 *:flex-1' : 'inline'}>
      <JsMarker />
      <input type="hidden" name="id_publication" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={fetcher.state !== 'idle'}
        aria-busy={pending || undefined}
        aria-label={`${LABELS[intent].idle}: ${title}`}
        className={buttonClass(primary ? 'primary' : 'secondary')}
      >
        {pending ? LABELS[intent].pending : LABELS[intent].idle}
      </button>
    </fetcher.Form>
  )
}

/**
 * One of the four posting actions (the saved and applied lists). A fetcher form: without JS the
 * browser posts it and the action comes back to this URL with a flash; with JS it posts in place,
 * the page's data reloads and the answer shows under the button for 4 s.
 */
export function PostingAction({
  id,
  intent,
  primary = false,
  title,
}: {
  id: number
  intent: Intent
  primary?: boolean
  title: string
}) {
  const fetcher = useFetcher<Answer>()
  const answer = useFleetingAnswer(fetcher.data, fetcher.state !== 'idle')
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ActionButton fetcher={fetcher} id={id} intent={intent} primary={primary} title={title} />
      <AnswerLine answer={answer} />
    </div>
  )
}

type ActedPosting = Pick<DriverPosting, 'id' | 'title' | 'applied' | 'saved' | 'status'>

/**
 * Apply or withdraw, and save or unsave, through one fetcher: the answer of either shows under
 * both buttons, and a button that changes (Postular → Retirar postulación) keeps it. `fill`: the
 * buttons share the width (the bar pinned to the bottom of a phone).
 */
export function PostingActions({ posting, fill = false }: { posting: ActedPosting; fill?: boolean }) {
  const fetcher = useFetcher<Answer>()
  const answer = useFleetingAnswer(fetcher.data, fetcher.state !== 'idle')
  return (
    <div className="flex flex-wrap items-center gap-2">
      {posting.applied ? (
        <ActionButton fetcher={fetcher} id={posting.id} intent="retirar" title={posting.title} fill={fill} />
      ) : posting.status === 'open' ? (
        <ActionButton fetcher={fetcher} id={posting.id} intent="postular" primary title={posting.title} fill={fill} />
      ) : null}
      <ActionButton
        fetcher={fetcher}
        id={posting.id}
        intent={posting.saved ? 'quitar' : 'guardar'}
        title={posting.title}
        fill={fill}
      />
      <AnswerLine answer={answer} />
    </div>
  )
}
