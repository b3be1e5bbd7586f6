import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import type { DriverPosting } from '#app/.server/backend/marketplace'
import { JsMarker } from '#app/components/js-marker'
import { DRIVER_ALERT_MS } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { buttonClass } from '#app/components/ui/button'
import { ApplicationBadge, CompanyLogo, factList, PayHeadline, shortDate, VerifiedCompanyBadge } from './posting-bits'

type Intent = 'postular' | 'retirar' | 'guardar' | 'quitar'

const LABELS: Record<Intent, { idle: string; pending: string }> = {
  postular: { idle: 'Postular', pending: 'Postulando…' },
  retirar: { idle: 'Retirar postulación', pending: 'Retirando…' },
  guardar: { idle: 'Guardar', pending: 'Guardando…' },
  quitar: { idle: 'Quitar de guardadas', pending: 'Quitando…' },
}

type Answer = { ok: boolean; message: string }

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
  if (!answer) return null
  return (
    <p
      role={answer.ok ? 'status' : 'alert'}
      className={`basis-full text-sm font-medium ${answer.ok ? 'text-green-800' : 'text-red-800'}`}
    >
      {answer.message}
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
}: {
  fetcher: Fetcher
  id: number
  intent: Intent
  primary?: boolean
  title: string
}) {
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent
  return (
    <fetcher.Form method="post" className="inline">
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

/**
 * Apply or withdraw, and save or unsave, through one fetcher: the answer of either shows under
 * both buttons, and a button that changes (Postular → Retirar postulación) keeps it.
 */
export function PostingActions({ posting }: { posting: DriverPosting }) {
  const fetcher = useFetcher<Answer>()
  const answer = useFleetingAnswer(fetcher.data, fetcher.state !== 'idle')
  return (
    <div className="flex flex-wrap items-center gap-2">
      {posting.applied ? (
        <ActionButton fetcher={fetcher} id={posting.id} intent="retirar" title={posting.title} />
      ) : posting.status === 'open' ? (
        <ActionButton fetcher={fetcher} id={posting.id} intent="postular" primary title={posting.title} />
      ) : null}
      <ActionButton
        fetcher={fetcher}
        id={posting.id}
        intent={posting.saved ? 'quitar' : 'guardar'}
        title={posting.title}
      />
      <AnswerLine answer={answer} />
    </div>
  )
}

/** The detail of a posting as the driver opens it (by hash with JS, by ?id= without). */
export function PostingDetail({ posting }: { posting: DriverPosting }) {
  return (
    <article aria-labelledby="detalle-titulo" data-testid="detalle-publicacion" className="space-y-4">
      <header className="flex items-start gap-3">
        <CompanyLogo src={posting.logo} name={posting.company_name} />
        <div className="min-w-0">
          <h3 id="detalle-titulo" className="text-lg font-bold break-words text-slate-900">
            {posting.title}
          </h3>
          <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
            {posting.company_name}
            {posting.company_verified ? <VerifiedCompanyBadge /> : null}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            {posting.status === 'closed' ? (
              <Badge tone="danger">Publicación cerrada</Badge>
            ) : (
              <Badge tone="success">Abierta</Badge>
            )}
            {posting.application_status ? <ApplicationBadge status={posting.application_status} /> : null}
            {posting.saved ? <Badge tone="brand">Guardada</Badge> : null}
          </div>
        </div>
      </header>
      <PayHeadline amount={posting.payment_amount} period={posting.payment_period} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        {[
          ...factList(posting),
          ['Zona', posting.name_zone] as [string, string],
          ['Inicio', shortDate(posting.start_date)] as [string, string],
          ['Conductores', String(posting.drivers_needed)] as [string, string],
        ].map(([k, v]) => (
          <div key={k} className="min-w-0">
            <dt className="font-medium text-slate-600">{k}</dt>
            <dd className="break-words text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="text-sm font-semibold text-slate-800">Descripción</h4>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{posting.description}</p>
      </div>
      <p className="text-xs text-slate-600">Publicada el {shortDate(posting.created_at)}</p>
      {posting.status === 'closed' && !posting.applied ? (
        <p className="text-sm text-slate-700">Esta publicación está cerrada y ya no recibe postulaciones.</p>
      ) : null}
      {/* Pinned to the bottom of the dialog on a small screen: the buttons stay in view however long the
          posting is. */}
      <div className="sticky bottom-0 -mx-5 -mb-4 border-t border-slate-200 bg-white px-5 py-3">
        <PostingActions posting={posting} />
      </div>
    </article>
  )
}
