import { useRef, useSyncExternalStore } from 'react'
import { fromUploadReply, UPLOAD_REPLY_HEADER, uploadUrl } from './upload-reply'

/**
 * Uploads with a progress bar. fetch() cannot tell how much of a body has gone, XMLHttpRequest
 * can: a route with file uploads has an upload route beside it (`<page>/subida`, which runs the
 * page's action and answers JSON: app/.server/upload-reply.ts) and a client action that calls
 * `uploadClientAction(args, <upload route>)`. A multipart submission with a file goes there
 * through XMLHttpRequest, its `upload.onprogress` reported to the progress store, and the answer
 * becomes the client action's: the action's reply with its status, or its redirect (the toast
 * cookie the response set is kept by the browser). Everything else (forms without a file) goes
 * through `serverAction()` unchanged. Without JS the browser posts the form to the page itself.
 */

type Progress = { loaded: number; total: number } | null

let progress: Progress = null
const listeners = new Set<() => void>()
/** The form whose file is on its way (set by useUploadField as it lets a submission through). */
let sendingForm: HTMLFormElement | null = null

export function markUploadForm(form: HTMLFormElement) {
  sendingForm = form
}

function report(next: Progress) {
  progress = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function send(url: string, body: FormData, signal: AbortSignal): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.upload.onprogress = (e) =>
      report({ loaded: e.loaded, total: e.lengthComputable ? e.total : Math.max(e.loaded, progress?.total ?? 0) })
    xhr.upload.onload = () => report({ loaded: progress?.total ?? 1, total: progress?.total ?? 1 })
    xhr.onload = () => resolve(xhr)
    xhr.onerror = () => reject(new TypeError('No se pudo enviar el archivo. Revisa tu conexión e intenta nuevamente.'))
    xhr.onabort = () => reject(new DOMException('Envío cancelado', 'AbortError'))
    signal.addEventListener('abort', () => xhr.abort(), { once: true })
    report({ loaded: 0, total: 0 })
    xhr.send(body)
  })
}

export async function uploadClientAction<T = unknown>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<T> },
  uploadPath: string,
) {
  if (!/multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return serverAction()
  const body = await request.clone().formData()
  if (![...body.values()].some((v) => typeof v !== 'string' && v.size > 0)) return serverAction()

  let xhr: XMLHttpRequest
  try {
    xhr = await send(uploadUrl(request.url, uploadPath), body, request.signal)
  } finally {
    report(null)
  }
  return fromUploadReply<T>({
    status: xhr.status,
    marked: xhr.getResponseHeader(UPLOAD_REPLY_HEADER) !== null,
    type: xhr.getResponseHeader('Content-Type'),
    text: xhr.responseText,
  })
}

/**
 * The upload's progress while a file travels: role=progressbar with its percentage
 * (aria-valuenow), nothing otherwise. Put it in the upload's form; on a page with several
 * upload forms only the one sending shows it.
 */
export function UploadProgress() {
  const anchor = useRef<HTMLSpanElement>(null)
  const current = useSyncExternalStore(
    subscribe,
    () => progress,
    () => null,
  )
  const form = anchor.current?.closest('form')
  if (!current || (sendingForm && form && form !== sendingForm)) return <span ref={anchor} hidden />
  const percent = current.total > 0 ? Math.min(100, Math.floor((current.loaded / current.total) * 100)) : 0
  return (
    <div className="space-y-1" data-testid="progreso-subida">
      <span ref={anchor} hidden />
      <div className="flex justify-between text-sm font-medium text-slate-800">
        <span>{percent < 100 ? 'Subiendo archivo…' : 'Archivo enviado, procesando…'}</span>
        <span aria-hidden="true">{percent} %</span>
      </div>
      <div
        role="progressbar"
        aria-label="Subiendo archivo"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
