import { useRef, useSyncExternalStore } from 'react'
import { data, redirect, UNSAFE_decodeViaTurboStream } from 'react-router'

/**
 * Uploads with a progress bar. fetch() cannot tell how much of a body has
 * gone, XMLHttpRequest can: a route with file uploads exports `clientAction = uploadClientAction`,
 * which sends a multipart submission with a file through XMLHttpRequest to the same URL React
 * Router's own fetch would use (`<path>.data`), reports `upload.onprogress` to the progress store,
 * and hands back the action's answer decoded the way React Router decodes it (turbo-stream): its
 * data, or its redirect (with the toast cookie the response set). Everything else (forms without
 * a file) goes through `serverAction()` unchanged. Without JS the browser posts the form itself.
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

/** React Router's data URL of a document URL: /a/b?x → /a/b.data?x, / → /_root.data. */
function dataUrl(documentUrl: string): string {
  const url = new URL(documentUrl)
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`
  return url.toString()
}

interface SingleFetchRedirect {
  redirect: string
  status: number
  revalidate: boolean
  reload: boolean
  replace: boolean
}

function send(url: string, body: FormData, signal: AbortSignal): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.responseType = 'arraybuffer'
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

export async function uploadClientAction<T = unknown>({
  request,
  serverAction,
}: {
  request: Request
  serverAction: () => Promise<T>
}) {
  if (!/multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return serverAction()
  const body = await request.clone().formData()
  if (![...body.values()].some((v) => typeof v !== 'string' && v.size > 0)) return serverAction()

  let xhr: XMLHttpRequest
  try {
    xhr = await send(dataUrl(request.url), body, request.signal)
  } finally {
    report(null)
  }
  // The web tier answered before React Router did (an oversized body, an outage): its status.
  if (xhr.status >= 400 && !xhr.getResponseHeader('X-Remix-Response')) {
    throw new Response(new TextDecoder().decode(xhr.response as ArrayBuffer), { status: xhr.status })
  }
  const decoded = await UNSAFE_decodeViaTurboStream(new Response(xhr.response as ArrayBuffer).body!, window)
  const result = decoded.value as SingleFetchRedirect | { data: unknown } | { error: unknown }
  if ('redirect' in result) {
    const headers: Record<string, string> = {}
    if (result.revalidate) headers['X-Remix-Revalidate'] = 'yes'
    if (result.reload) headers['X-Remix-Reload-Document'] = 'yes'
    if (result.replace) headers['X-Remix-Replace'] = 'yes'
    return redirect(result.redirect, { status: result.status, headers })
  }
  if ('error' in result) throw result.error
  // The same reply serverAction() would have given.
  return data(result.data as T, { status: xhr.status })
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
