import { useFetcher } from 'react-router'
import type { DriverPosting } from '../../.server/backend/marketplace'
import { JsMarker } from '../js-marker'
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from './fields'
import { ApplicationBadge, Badge, CompanyLogo, factList, shortDate } from './posting-bits'

type Intent = 'postular' | 'retirar' | 'guardar' | 'quitar'

const LABELS: Record<Intent, { idle: string; pending: string }> = {
  postular: { idle: 'Postular', pending: 'Postulando…' },
  retirar: { idle: 'Retirar postulación', pending: 'Retirando…' },
  guardar: { idle: 'Guardar', pending: 'Guardando…' },
  quitar: { idle: 'Quitar de guardadas', pending: 'Quitando…' },
}

/**
 * One of the four posting actions. A fetcher form: without JS the browser posts it and the
 * action comes back to this URL; with JS it posts in place and the page's data reloads.
 */
export function PostingAction({ id, intent, primary = false, title }: { id: number; intent: Intent; primary?: boolean; title: string }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>()
  const pending = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" className="inline">
      <JsMarker />
      <input type="hidden" name="id_publication" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={pending}
        aria-busy={pending || undefined}
        aria-label={`${LABELS[intent].idle}: ${title}`}
        className={primary ? BUTTON_PRIMARY : BUTTON_SECONDARY}
      >
        {pending ? LABELS[intent].pending : LABELS[intent].idle}
      </button>
      {fetcher.data && !pending ? (
        <span role={fetcher.data.ok ? 'status' : 'alert'} className={`ml-2 text-sm ${fetcher.data.ok ? 'text-green-800' : 'text-red-800'}`}>
          {fetcher.data.message}
        </span>
      ) : null}
    </fetcher.Form>
  )
}

export function PostingActions({ posting }: { posting: DriverPosting }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {posting.applied ? (
        <PostingAction id={posting.id} intent="retirar" title={posting.title} />
      ) : posting.status === 'open' ? (
        <PostingAction id={posting.id} intent="postular" primary title={posting.title} />
      ) : null}
      <PostingAction id={posting.id} intent={posting.saved ? 'quitar' : 'guardar'} title={posting.title} />
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
          <p className="text-sm text-slate-700">{posting.company_name}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {posting.status === 'closed' ? <Badge tone="red">Publicación cerrada</Badge> : <Badge tone="green">Abierta</Badge>}
            {posting.application_status ? <ApplicationBadge status={posting.application_status} /> : null}
            {posting.saved ? <Badge tone="brand">Guardada</Badge> : null}
          </div>
        </div>
      </header>
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
      {posting.status === 'closed' && !posting.applied ? <p className="text-sm text-slate-700">Esta publicación está cerrada y ya no recibe postulaciones.</p> : null}
      <PostingActions posting={posting} />
    </article>
  )
}
