import { data, useActionData, useLoaderData, useLocation } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { driverApi } from '#app/.server/backend/driver-area'
import { driverPostingsApi } from '#app/.server/backend/marketplace'
import { readUpload } from '#app/.server/body-limit'
import { redirectWithToast, required } from '#app/.server/responses'
import {
  DocumentGroups,
  NextStep,
  PreviewDialog,
  slotNeed,
  UploadPanel,
  type GroupView,
  type SlotView,
} from '#app/components/driver/documents'
import { documentFileUrl, HOME_PATH, withParams } from '#app/components/driver/urls'
import { PostingsForYouSection } from '#app/components/marketplace/for-you'
import { forYouListPath } from '#app/components/marketplace/posting-links'
import { uploadClientAction } from '#app/components/upload/transfer'
import { dayInChile, formatDate } from '#domain/format'
import {
  DOCUMENT_GROUPS,
  DOCUMENT_SLOTS,
  DOCUMENT_STATUS_LABELS,
  documentGuidance,
  documentProgress,
  expiredCount,
  expiryFieldName,
  expiryView,
  findDocumentSlot,
  isDocumentSlotKey,
  isExpiringSlot,
  latestDocumentRecords,
  otherSide,
  type DocumentSlotKey,
} from '#domain/reference-data/documents'
import { findRegion } from '#domain/reference-data/geography'
import { DOCUMENT_UPLOAD } from '#domain/uploads'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [{ title: 'Inicio | Panel del conductor | Fleeters' }]

const TOO_LARGE = DOCUMENT_UPLOAD.messages.tooLarge
const MISSING = DOCUMENT_UPLOAD.messages.required

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  // «Publicaciones para ti» loads beside the documents; if it fails the home goes without it.
  const [documents, forYouRes] = await Promise.all([
    driverApi.documents(context, session.token),
    driverPostingsApi.forYou(context, session.token),
  ])
  const records = await required(request, documents)
  const forYou = forYouRes.ok
    ? { data: forYouRes.data, allHref: forYouListPath(forYouRes.data, (id) => findRegion(id)?.zone_id) }
    : null
  const latest = latestDocumentRecords(records)
  // Expiry dates are days in Chile: «Vence el …» is valid through that day.
  const today = dayInChile(new Date())
  const views = new Map<DocumentSlotKey, SlotView>(
    DOCUMENT_SLOTS.map((slot) => {
      const found = latest.get(slot.key)
      // Only what the slot's view reads goes to the client (SlotView['record']).
      const record: SlotView['record'] = found
        ? {
            id_file: found.id_file,
            file_status: found.file_status,
            rejection_reason: found.rejection_reason,
            type_name: found.type_name,
            url_file: found.url_file,
            // Decision 79: the retention job removed the file; the record stays.
            ...(found.file_removed ? { file_removed: true as const } : {}),
          }
        : null
      return [slot.key, { slot, record, expiry: expiryView(found?.expires_on, today) }]
    }),
  )
  // The groups, and the first required document missing, rejected or expired.
  const order = DOCUMENT_GROUPS.flatMap((g) => g.slots)
  const nextKey = order.find((key) => !views.get(key)!.slot.optional && slotNeed(views.get(key)!))
  if (nextKey) views.get(nextKey)!.next = true
  const groups: GroupView[] = DOCUMENT_GROUPS.map((g) => {
    const slots = g.slots.map((key) => views.get(key)!)
    const required = slots.filter((v) => !v.slot.optional)
    return {
      key: g.key,
      title: g.title,
      done: required.filter((v) => !slotNeed(v)).length,
      total: required.length,
      slots,
    }
  })
  const url = new URL(request.url)

  // Upload panel (spec §2): ?name=slot&title=…&url_file=…; the title shown is ours, not the URL's.
  const name = url.searchParams.get('name')
  const upload = name && isDocumentSlotKey(name) ? findDocumentSlot(name)! : null
  const previousUrl = upload ? documentFileUrl(url.searchParams.get('url_file')) : null
  const previousRecord = previousUrl
    ? records.find((r) => !r.file_removed && documentFileUrl(r.url_file) === previousUrl)
    : undefined
  const previousExpiry =
    previousRecord?.file_status !== 'REJECTED' ? expiryView(previousRecord?.expires_on, today) : null
  const previous =
    previousUrl && previousRecord
      ? {
          url: previousUrl,
          isImage: previousRecord.type_name.startsWith('image/'),
          // A rejected document's reason, repeated where it is uploaded again.
          rejectionReason:
            previousRecord.file_status === 'REJECTED'
              ? previousRecord.rejection_reason?.trim() || DOCUMENT_STATUS_LABELS.REJECTED
              : null,
          expiredText: previousExpiry?.expired
            ? `Este documento venció el ${formatDate(previousExpiry.expires_on, 'numeric')}: sube uno vigente.`
            : null,
        }
      : null
  // The date field starts from the replaced file's date, or the other side's (both sides of a licence
  // share it), when still in force.
  const sibling = upload ? otherSide(upload.key) : null
  const startDate = [previousRecord?.expires_on, sibling ? latest.get(sibling)?.expires_on : null].find(
    (d) => d && d >= today,
  )
  const uploadExpiry = upload && isExpiringSlot(upload.key) ? { defaultValue: startDate ?? '', min: today } : null
  const guidance = upload
    ? documentGuidance(upload.key, `${session.user.firstname} ${session.user.lastname}`.trim())
    : []

  // File preview: only a record of this driver's own list.
  const ver = Number(url.searchParams.get('ver'))
  const shown =
    Number.isSafeInteger(ver) && ver > 0 ? records.find((r) => r.id_file === ver && !r.file_removed) : undefined
  const preview = shown
    ? {
        title: findDocumentSlot(shown.purpose_name)?.title ?? shown.purpose_name,
        url: documentFileUrl(shown.url_file)!,
        isImage: shown.type_name.startsWith('image/'),
      }
    : null

  return {
    firstname: session.user.firstname,
    groups,
    next: nextKey ? views.get(nextKey)! : null,
    progress: documentProgress(records, today),
    expired: expiredCount(records, today),
    upload,
    previous,
    preview,
    uploadExpiry,
    guidance,
    forYou,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request, context, 'User')
  // One file of at most 5 MB (domain/uploads.ts, as the service checks it again).
  const form = await readUpload(request, { maxFileSize: DOCUMENT_UPLOAD.maxBytes })
  if (form === 'too-large') return data({ errors: [TOO_LARGE], stamp: Date.now() }, { status: 413 })
  if (form === 'invalid') return data({ errors: [MISSING], stamp: Date.now() }, { status: 400 })
  const slot = String(form.get('name') ?? '')
  const file = isDocumentSlotKey(slot) ? form.get(slot) : null
  if (!isDocumentSlotKey(slot) || !(file instanceof File) || file.size === 0)
    return data({ errors: [MISSING], stamp: Date.now() }, { status: 400 })
  // The kinds that expire send their date beside the file; the service checks it.
  const expiresOn = form.get(expiryFieldName(slot))
  const res = await driverApi.uploadDocument(
    context,
    session.token,
    slot,
    file,
    typeof expiresOn === 'string' ? expiresOn : undefined,
  )
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    // Spec §8: 'Error al subir los archivos: {message}'.
    return data(
      {
        errors: [`Error al subir los archivos: ${messageList(res.message).join(', ')}`],
        stamp: Date.now(),
        expires_on: typeof expiresOn === 'string' ? expiresOn : undefined,
      },
      { status: res.status },
    )
  }
  return redirectWithToast(HOME_PATH, { type: 'success', message: res.data.message })
}

/** With JS, a file travels through XMLHttpRequest so its progress shows. */
export const clientAction = uploadClientAction

function Progress({
  done,
  total,
  rejected,
  expired,
  approved,
}: {
  done: number
  total: number
  rejected: number
  expired: number
  approved: number
}) {
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
      <p className="mt-2 text-sm text-slate-700">
        Documentos cargados, no rechazados ni vencidos. El interior del furgón es opcional y no cuenta.
      </p>
      {/* The number companies see on each application: accepted and in force. */}
      <p className="mt-1 text-sm font-medium text-slate-900" data-testid="documentos-aprobados">
        {approved}/{total} aprobados por Fleeters: es lo que ven las empresas cuando postulas.
      </p>
      {rejected > 0 ? (
        <p
          role="alert"
          className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
        >
          Tienes {rejected} {rejected === 1 ? 'documento inválido' : 'documentos inválidos'}
        </p>
      ) : null}
      {expired > 0 ? (
        <p
          role="alert"
          className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
          data-testid="documentos-vencidos"
        >
          Tienes {expired} {expired === 1 ? 'documento vencido' : 'documentos vencidos'}: súbelos de nuevo para seguir
          como Fleeter validado.
        </p>
      ) : null}
    </section>
  )
}

export default function DriverHome() {
  const { firstname, groups, next, progress, expired, upload, previous, preview, uploadExpiry, guidance, forYou } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const typedDate =
    actionData && 'expires_on' in actionData && typeof actionData.expires_on === 'string' ? actionData.expires_on : null
  const { search } = useLocation()
  const closeTo = withParams(HOME_PATH, search, { name: null, title: null, url_file: null, ver: null })
  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">¡Hola, {firstname}!</h1>
      <Progress {...progress} expired={expired} />
      {next ? <NextStep view={next} /> : null}
      {forYou ? <PostingsForYouSection data={forYou.data} allHref={forYou.allHref} /> : null}
      <DocumentGroups groups={groups} />
      {upload ? (
        <UploadPanel
          key={upload.key}
          slot={upload}
          previous={previous}
          closeTo={closeTo}
          errors={actionData?.errors}
          stamp={actionData?.stamp}
          guidance={guidance}
          // The date typed before a refused upload stays.
          expiry={uploadExpiry && typedDate ? { ...uploadExpiry, defaultValue: typedDate } : uploadExpiry}
        />
      ) : null}
      {preview ? (
        <PreviewDialog title={preview.title} url={preview.url} isImage={preview.isImage} closeTo={closeTo} />
      ) : null}
    </main>
  )
}
