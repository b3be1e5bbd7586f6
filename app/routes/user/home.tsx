import { data, useActionData, useLoaderData, useLocation } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { driverApi } from '#app/.server/backend/driver-area'
import { readUpload } from '#app/.server/body-limit'
import { redirectWithToast, required } from '#app/.server/responses'
import { DocumentItem, PreviewDialog, UploadPanel, type SlotView } from '#app/components/driver/documents'
import { documentFileUrl, HOME_PATH, withParams } from '#app/components/driver/urls'
import { uploadClientAction } from '#app/components/upload/transfer'
import { DOCUMENT_SLOTS, documentProgress, findDocumentSlot, isDocumentSlotKey, latestDocumentRecords } from '#domain/reference-data/documents'
import { DOCUMENT_UPLOAD } from '#domain/uploads'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [{ title: 'Inicio | Panel del conductor | Fleeters' }]

const TOO_LARGE = DOCUMENT_UPLOAD.messages.tooLarge
const MISSING = DOCUMENT_UPLOAD.messages.required

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  const records = await required(request, await driverApi.documents(context, session.token))
  const latest = latestDocumentRecords(records)
  const slots: SlotView[] = DOCUMENT_SLOTS.map((slot) => ({ slot, record: latest.get(slot.key) ?? null }))
  const url = new URL(request.url)

  // Upload panel (spec §2): ?name=slot&title=…&url_file=…; the title shown is ours, not the URL's.
  const name = url.searchParams.get('name')
  const upload = name && isDocumentSlotKey(name) ? findDocumentSlot(name)! : null
  const previousUrl = upload ? documentFileUrl(url.searchParams.get('url_file')) : null
  const previousRecord = previousUrl ? records.find((r) => documentFileUrl(r.url_file) === previousUrl) : undefined
  const previous = previousUrl && previousRecord ? { url: previousUrl, isImage: previousRecord.type_name.startsWith('image/') } : null

  // File preview: only a record of this driver's own list.
  const ver = Number(url.searchParams.get('ver'))
  const shown = Number.isSafeInteger(ver) && ver > 0 ? records.find((r) => r.id_file === ver) : undefined
  const preview = shown
    ? { title: findDocumentSlot(shown.purpose_name)?.title ?? shown.purpose_name, url: documentFileUrl(shown.url_file)!, isImage: shown.type_name.startsWith('image/') }
    : null

  return { firstname: session.user.firstname, slots, progress: documentProgress(records), upload, previous, preview }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request, context, 'User')
  // One file of at most 5 MB (domain/uploads.ts, as the service checks it again).
  const form = await readUpload(request, { maxFileSize: DOCUMENT_UPLOAD.maxBytes })
  if (form === 'too-large') return data({ errors: [TOO_LARGE], stamp: Date.now() }, { status: 413 })
  if (form === 'invalid') return data({ errors: [MISSING], stamp: Date.now() }, { status: 400 })
  const slot = String(form.get('name') ?? '')
  const file = isDocumentSlotKey(slot) ? form.get(slot) : null
  if (!isDocumentSlotKey(slot) || !(file instanceof File) || file.size === 0) return data({ errors: [MISSING], stamp: Date.now() }, { status: 400 })
  const res = await driverApi.uploadDocument(context, session.token, slot, file)
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    // Spec §8: 'Error al subir los archivos: {message}'.
    return data({ errors: [`Error al subir los archivos: ${messageList(res.message).join(', ')}`], stamp: Date.now() }, { status: res.status })
  }
  return redirectWithToast(HOME_PATH, { type: 'success', message: res.data.message })
}

/** With JS, a file travels through XMLHttpRequest so its progress shows (issue 12 item 7). */
export const clientAction = uploadClientAction

function Progress({ done, total, rejected }: { done: number; total: number; rejected: number }) {
  const pct = Math.round((Math.min(done, total) / total) * 100)
  return (
    <section aria-labelledby="progreso" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progreso" className="text-lg font-semibold text-slate-900">
          Tus documentos
        </h2>
        <p className="text-2xl font-bold text-brand-700" data-testid="progreso-documentos">
          {done}/{total}
        </p>
      </div>
      <div
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Documentos cargados"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} de ${total}`}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">Documentos cargados y no rechazados. El interior del furgón es opcional y no cuenta.</p>
      {rejected > 0 ? (
        <p role="alert" className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          Tiene {rejected} {rejected === 1 ? 'documento inválido' : 'documentos inválidos'}
        </p>
      ) : null}
    </section>
  )
}

export default function DriverHome() {
  const { firstname, slots, progress, upload, previous, preview } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { search } = useLocation()
  const closeTo = withParams(HOME_PATH, search, { name: null, title: null, url_file: null, ver: null })
  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">¡Hola, {firstname}!</h1>
      <Progress {...progress} />
      <section aria-labelledby="lista-documentos">
        <h2 id="lista-documentos" className="mb-3 text-lg font-semibold text-slate-900">
          Documentos requeridos
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {slots.map((view) => (
            <DocumentItem key={view.slot.key} view={view} />
          ))}
        </ul>
      </section>
      {upload ? <UploadPanel key={upload.key} slot={upload} previous={previous} closeTo={closeTo} errors={actionData?.errors} stamp={actionData?.stamp} /> : null}
      {preview ? <PreviewDialog title={preview.title} url={preview.url} isImage={preview.isImage} closeTo={closeTo} /> : null}
    </main>
  )
}
