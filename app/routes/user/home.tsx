import { data, useLocation } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { driverApi } from '#app/.server/backend/driver-area'
import { driverPostingsApi } from '#app/.server/backend/marketplace'
import { readUpload } from '#app/.server/body-limit'
import { actionReply, formAction } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { newReplyId, type ActionReply } from '#app/components/action-reply'
import { documentChecklist } from '#app/components/driver/checklist.server'
import { ChecklistSummaryCard, DocumentChecklist, PreviewDialog, UploadPanel } from '#app/components/driver/documents'
import { expiryDateError } from '#app/components/driver/expiry-check'
import { DOCUMENTS_ANCHOR, documentFileUrl, HOME_PATH } from '#app/components/driver/urls'
import { PostingsForYouSection } from '#app/components/marketplace/for-you'
import { forYouListPath } from '#app/components/marketplace/posting-links'
import { uploadClientAction } from '#app/components/upload/transfer'
import { pagePath, withParams } from '#app/paths'
import { dayInChile, formatDate } from '#domain/format'
import {
  DOCUMENT_STATUS_LABELS,
  documentGuidance,
  expiryFieldName,
  expiryView,
  findDocumentSlot,
  isDocumentSlotKey,
  isExpiringSlot,
  latestDocumentRecords,
  otherSide,
  REVIEW_PROMISE,
} from '#domain/reference-data/documents'
import { findRegion } from '#domain/reference-data/geography'
import { DOCUMENT_UPLOAD, UPLOAD_FRAMING_BYTES } from '#domain/uploads'
import { latestExpiryDay } from '#domain/validation/documents'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [{ title: 'Inicio | Panel del conductor | Fleeters' }]

const TOO_LARGE = DOCUMENT_UPLOAD.messages.tooLarge
const MISSING = DOCUMENT_UPLOAD.messages.required

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  // «Ofertas para ti» loads beside the documents; if it fails the home goes without it.
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
  const checklist = documentChecklist(records, today)
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
  const uploadExpiry =
    upload && isExpiringSlot(upload.key)
      ? {
          name: expiryFieldName(upload.key),
          defaultValue: startDate ?? '',
          today,
          latest: latestExpiryDay(today),
          error: null,
        }
      : null
  // Walking through «Subir siguiente documento»: what was just uploaded, and how many are left.
  const walking = upload && url.searchParams.get('siguiente') === '1'
  const done = walking ? findDocumentSlot(url.searchParams.get('hecho') ?? '') : undefined
  const walk = walking ? { done: done?.title ?? null, left: checklist.walk.length } : null
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
    groups: checklist.groups,
    summary: checklist.summary,
    next: checklist.walk[0] ?? null,
    upload,
    walk,
    reviewPromise: REVIEW_PROMISE,
    previous,
    preview,
    uploadExpiry,
    guidance,
    forYou,
  }
}

/** A refused upload: the date typed (kept in its field) and its refusal there. */
type Extra = { dateError: string | null; expires_on: string }

export async function action(args: Route.ActionArgs) {
  const { request, context } = args
  const session = await requireSession(request, context, 'User')
  // One file of at most 5 MB (domain/uploads.ts, as the service checks it again). Two file fields
  // («Tomar foto», «Elegir archivo»): without JS the one not used travels empty.
  const formData = await readUpload(request, {
    maxFileSize: DOCUMENT_UPLOAD.maxBytes,
    maxFiles: 2,
    maxTotalSize: DOCUMENT_UPLOAD.maxBytes + UPLOAD_FRAMING_BYTES,
  })
  if (formData === 'too-large') return actionReply<Extra>('', { errors: [TOO_LARGE], dateError: null }, 413)
  if (formData === 'invalid') return actionReply<Extra>('', { errors: [MISSING], dateError: null }, 400)
  // The upload form has no intent: it is the page's one form.
  return formAction<Route.ActionArgs, Extra>({
    default: async ({ formData: form, reply, fail }) => {
      const slot = String(form.get('name') ?? '')
      const file = isDocumentSlotKey(slot) ? chosenFile(form.getAll(slot)) : null
      // The kinds that expire send their date beside the file: checked here by the service's rule, so
      // its message shows at the field, and checked again by the service.
      const expiresOn = isDocumentSlotKey(slot) ? form.get(expiryFieldName(slot)) : null
      const typed = typeof expiresOn === 'string' ? expiresOn : undefined
      const today = dayInChile(new Date())
      const dateError = isExpiringSlot(slot) ? expiryDateError(expiresOn, today, latestExpiryDay(today)) : null
      if (!isDocumentSlotKey(slot) || !file || dateError)
        return reply({ errors: file ? [] : [MISSING], dateError, expires_on: typed }, 400)
      const res = await driverApi.uploadDocument(context, session.token, slot, file, typed)
      if (!res.ok)
        // Spec §8: 'Error al subir los archivos: {message}'.
        return fail(res, {
          errors: [`Error al subir los archivos: ${messageList(res.message).join(', ')}`],
          dateError: null,
          expires_on: typed,
        })
      // «Subir siguiente documento»: the next one to upload opens, without going back to the list.
      if (form.get('siguiente') === '1') {
        const after = await driverApi.documents(context, session.token)
        const next = after.ok ? documentChecklist(after.data, dayInChile(new Date())).walk[0] : undefined
        if (next)
          return redirectWithToast(
            withParams(HOME_PATH, '', {
              name: next.key,
              title: next.title,
              url_file: next.previous,
              siguiente: 1,
              hecho: slot,
            }),
            { type: 'success', message: res.data.message },
          )
      }
      return redirectWithToast(HOME_PATH, { type: 'success', message: res.data.message })
    },
  })({ ...args, formData })
}

/** The file of the two choices («Tomar foto», «Elegir archivo») that carries one. */
function chosenFile(values: FormDataEntryValue[]): File | null {
  return values.find((v): v is File => v instanceof File && v.size > 0) ?? null
}

/**
 * With JS, the expiry date is checked by the same rule before the file travels; then the file
 * travels through XMLHttpRequest so its progress shows.
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const form = await args.request.clone().formData()
  const field = `${String(form.get('name') ?? '')}_expires_on`
  const today = form.get('hoy')
  const latest = form.get('hasta')
  if (form.has(field) && typeof today === 'string' && typeof latest === 'string') {
    const dateError = expiryDateError(form.get(field), today, latest)
    if (dateError) {
      const file = form.getAll(String(form.get('name'))).some((v) => typeof v !== 'string' && v.size > 0)
      const reply: ActionReply<Extra> = {
        intent: '',
        id: newReplyId(),
        errors: file ? [] : [MISSING],
        dateError,
        expires_on: String(form.get(field)),
      }
      return data(reply, { status: 400 })
    }
  }
  return uploadClientAction(args, pagePath('/user/dashboard/home/subida'))
}

export default function DriverHome({ loaderData, actionData }: Route.ComponentProps) {
  const {
    firstname,
    groups,
    summary,
    next,
    upload,
    walk,
    reviewPromise,
    previous,
    preview,
    uploadExpiry,
    guidance,
    forYou,
  } = loaderData
  const typedDate = actionData?.expires_on ?? null
  const dateError = actionData?.dateError ?? null
  const { search } = useLocation()
  const closeTo = withParams(HOME_PATH, search, {
    name: null,
    title: null,
    url_file: null,
    ver: null,
    siguiente: null,
    hecho: null,
  })
  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">¡Hola, {firstname}!</h1>
      <ChecklistSummaryCard summary={summary} next={next} />
      {forYou ? <PostingsForYouSection data={forYou.data} allHref={forYou.allHref} /> : null}
      {/* The tab «Documentos» opens here. */}
      <div id={DOCUMENTS_ANCHOR}>
        <DocumentChecklist groups={groups} />
      </div>
      {upload ? (
        <UploadPanel
          key={upload.key}
          slot={upload}
          previous={previous}
          closeTo={closeTo}
          errors={actionData?.errors}
          replyId={actionData?.id}
          guidance={guidance}
          reviewPromise={reviewPromise}
          walk={walk}
          // The date typed before a refused upload stays, with its refusal at the field.
          expiry={
            uploadExpiry
              ? { ...uploadExpiry, defaultValue: typedDate ?? uploadExpiry.defaultValue, error: dateError ?? null }
              : null
          }
        />
      ) : null}
      {preview ? (
        <PreviewDialog title={preview.title} url={preview.url} isImage={preview.isImage} closeTo={closeTo} />
      ) : null}
    </main>
  )
}
