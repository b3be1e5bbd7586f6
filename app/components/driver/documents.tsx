import { useEffect, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { ServerLink } from '#app/components/ui/app-link'
import { Badge } from '#app/components/ui/badge'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { cn } from '#app/components/ui/cn'
import { FileField, InputField } from '#app/components/ui/field'
import { CancelLink, Modal } from '#app/components/ui/modal'
import { shrinkPhoto } from '#app/components/upload/shrink-photo'
import { UploadProgress } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import {
  documentStatusLabel,
  expiryFieldName,
  FILE_REMOVED,
  REVIEW_PROMISE,
  type DocumentSlot,
  type ExpiryView,
} from '#domain/reference-data/documents'
import { DOCUMENT_UPLOAD } from '#domain/uploads'
import { Icon } from './icons'
import { CreatePowerButton } from './power-link'
import { documentFileUrl, HOME_PATH, withParams } from './urls'

/** `<Link>` in the browser, its markup alone on the server (decision 68). */
const AppLink = import.meta.env.SSR ? ServerLink : Link

export interface SlotView {
  slot: DocumentSlot
  record: {
    id_file: number
    file_status: 'PENDING' | 'ACCEPTED' | 'REJECTED'
    rejection_reason: string | null
    type_name: string
    url_file: string
    /** The retention job removed the file (decision 79): no link to it, «Archivo eliminado por antigüedad». */
    file_removed?: true
  } | null
  /** The kinds that expire: «Vence el …», «Vence en N días», «Vencido». */
  expiry?: ExpiryView | null
  /** The next missing, rejected or expired required document: «Siguiente paso». */
  next?: boolean
}

export interface GroupView {
  key: string
  title: string
  /** Required slots of the group uploaded, not rejected and not expired. */
  done: number
  total: number
  slots: SlotView[]
}

/** What the driver has to do with a slot: upload it, upload it again (rejected or expired), or nothing. */
export function slotNeed(view: SlotView): 'missing' | 'rejected' | 'expired' | null {
  if (!view.record) return 'missing'
  if (view.record.file_status === 'REJECTED') return 'rejected'
  return view.expiry?.expired ? 'expired' : null
}

const STATUS_STYLE = {
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-300',
  ACCEPTED: 'bg-green-50 text-green-900 ring-green-300',
  REJECTED: 'bg-red-50 text-red-900 ring-red-300',
} as const

export function uploadHref(search: string, slot: DocumentSlot, previous?: string | null) {
  return withParams(HOME_PATH, search, { name: slot.key, title: slot.title, url_file: previous ?? null, ver: null })
}

/** One slot of spec §4 "Document status", with its expiry date and the «Siguiente paso» mark. */
export function DocumentItem({ view }: { view: SlotView }) {
  const { search } = useLocation()
  const { slot, record, expiry } = view
  const titleId = `doc-${slot.key}`
  const expired = Boolean(record && record.file_status !== 'REJECTED' && expiry?.expired)
  return (
    <li
      aria-labelledby={titleId}
      data-next={view.next ? '' : undefined}
      className={cn(
        'flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm',
        view.next && 'border-brand-600 ring-2 ring-brand-600',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {slot.title}
        </h3>
        {view.next ? (
          <Badge tone="brand" className="shrink-0">
            Siguiente paso
          </Badge>
        ) : null}
        {slot.optional ? <Badge className="shrink-0 font-normal">Opcional, solo furgones</Badge> : null}
      </div>
      {record && expiry && record.file_status !== 'REJECTED' ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>{expiry.date_text}</span>
          {expiry.due_text && !expired ? <Badge tone="warning">{expiry.due_text}</Badge> : null}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-2">
        {expired ? (
          <span className={`rounded-md px-2.5 py-1 text-sm font-medium ring-1 ${STATUS_STYLE.REJECTED}`}>Vencido</span>
        ) : record ? (
          <span className={`rounded-md px-2.5 py-1 text-sm font-medium ring-1 ${STATUS_STYLE[record.file_status]}`}>
            {documentStatusLabel(record)}
          </span>
        ) : (
          <AppLink
            to={uploadHref(search, slot)}
            preventScrollReset
            aria-label={`Añadir documento: ${slot.title}`}
            className={buttonClass('primary', 'gap-1.5 px-3 py-1.5 text-sm')}
          >
            <Icon name="upload" className="h-4 w-4" />
            Añadir documento
          </AppLink>
        )}
        {expired && record ? (
          <AppLink
            to={uploadHref(search, slot, documentFileUrl(record.url_file))}
            preventScrollReset
            aria-label={`Cargar nuevamente: ${slot.title}`}
            className={buttonClass('outline', 'gap-1.5 px-3 py-1.5 text-sm')}
          >
            Cargar nuevamente
          </AppLink>
        ) : null}
        {record?.file_status === 'REJECTED' ? (
          <>
            {record.file_removed ? (
              <span className="text-sm text-slate-700">{FILE_REMOVED}</span>
            ) : (
              <AppLink
                to={withParams(HOME_PATH, search, { ver: record.id_file, name: null, title: null, url_file: null })}
                preventScrollReset
                aria-label={`Ver archivo: ${slot.title}`}
                className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Ver archivo
              </AppLink>
            )}
            <AppLink
              to={uploadHref(search, slot, record.file_removed ? null : documentFileUrl(record.url_file))}
              preventScrollReset
              aria-label={`Cargar nuevamente: ${slot.title}`}
              className={
                'inline-flex items-center gap-1.5 rounded-md border border-brand-700 px-3 py-1.5 ' +
                'text-sm font-semibold text-brand-700 hover:bg-brand-50'
              }
            >
              Cargar nuevamente
            </AppLink>
          </>
        ) : null}
        {slot.key === 'autorizacion_dueno_vehiculo' && (!record || record.file_status === 'REJECTED') ? (
          <CreatePowerButton label={slot.title} />
        ) : null}
      </div>
    </li>
  )
}

/** The 23 slots in their five groups, each with its count. */
export function DocumentGroups({ groups }: { groups: GroupView[] }) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`grupo-${group.key}`} data-testid={`grupo-${group.key}`}>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`grupo-${group.key}`} className="text-lg font-semibold text-slate-900">
              {group.title}
            </h2>
            <Badge
              tone={group.done === group.total ? 'success' : 'neutral'}
              className="text-sm"
              data-testid={`grupo-${group.key}-cuenta`}
            >
              {group.done}/{group.total}
              <span className="sr-only"> listos</span>
            </Badge>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {group.slots.map((view) => (
              <DocumentItem key={view.slot.key} view={view} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

/** «Siguiente paso»: the first required document missing, rejected or expired, with its upload link. */
export function NextStep({ view }: { view: SlotView }) {
  const { search } = useLocation()
  const need = slotNeed(view)
  const text =
    need === 'rejected'
      ? `Vuelve a subir tu ${view.slot.title}: fue rechazado.`
      : need === 'expired'
        ? `Tu ${view.slot.title} venció: sube uno vigente.`
        : `Sube tu ${view.slot.title}.`
  const previous = need === 'missing' || view.record?.file_removed ? null : documentFileUrl(view.record?.url_file)
  return (
    <section
      aria-labelledby="siguiente-paso"
      className={
        'rounded-xl border-2 border-brand-600 bg-brand-50 p-4 sm:flex sm:items-center ' + 'sm:justify-between sm:gap-4'
      }
    >
      <div>
        <h2 id="siguiente-paso" className="text-sm font-bold tracking-wide text-brand-800 uppercase">
          Siguiente paso
        </h2>
        <p className="mt-1 font-medium text-slate-900">{text}</p>
      </div>
      <AppLink
        to={uploadHref(search, view.slot, previous)}
        preventScrollReset
        className={buttonClass('primary', 'mt-3 gap-1.5 sm:mt-0 sm:shrink-0')}
      >
        <Icon name="upload" className="h-4 w-4" />
        Subir ahora
      </AppLink>
    </section>
  )
}

const NOTICE_KEY = 'fleeters:ocultar-aviso-documentos'

/** The upload notice; with JS the driver may hide it for good (spec §9: local storage). */
function UploadNotice() {
  const hydrated = useHydrated()
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    try {
      setHidden(localStorage.getItem(NOTICE_KEY) === '1')
    } catch {
      // Storage may be blocked; the notice then simply shows.
    }
  }, [])
  if (hidden) return null
  return (
    <div className="rounded-md border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      <p>Sube una foto o escaneo legible del documento completo, sin recortes ni reflejos.</p>
      {hydrated ? (
        <label className="mt-2 flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="h-4 w-4"
            onChange={(e) => {
              try {
                localStorage.setItem(NOTICE_KEY, e.target.checked ? '1' : '0')
              } catch {
                // Nothing to remember it in.
              }
            }}
          />
          No volver a mostrar este aviso
        </label>
      ) : null}
    </div>
  )
}

function LocalPreview({ file }: { file: File | null }) {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return setUrl(null)
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  if (!file) return null
  return (
    <figure className="rounded-md border border-slate-200 p-2">
      {url ? (
        <img src={url} alt="Vista previa del archivo seleccionado" className="mx-auto max-h-56 object-contain" />
      ) : (
        <Icon name="file" className="mx-auto h-10 w-10 text-slate-500" />
      )}
      <figcaption className="mt-1 truncate text-center text-xs text-slate-600">{file.name}</figcaption>
    </figure>
  )
}

/** Spec §2 upload panel: opened by ?name=&title=&url_file=; one form field named after the slot. */
export function UploadPanel({
  slot,
  previous,
  closeTo,
  errors,
  stamp,
  guidance,
  expiry,
}: {
  slot: DocumentSlot
  previous: { url: string; isImage: boolean; rejectionReason?: string | null; expiredText?: string | null } | null
  closeTo: string
  errors?: string[]
  stamp?: number
  /** What makes this document approvable. */
  guidance: string[]
  /** The kinds that expire ask for the date: the value to start from and today's day. */
  expiry: { defaultValue: string; min: string } | null
}) {
  const [file, setFile] = useState<File | null>(null)
  const upload = useUploadField(DOCUMENT_UPLOAD, shrinkPhoto)
  const inputId = `archivo-${slot.key}`
  const shown = upload.errors ?? errors
  return (
    <Modal title={`Subir documento: ${slot.title}`} closeTo={closeTo}>
      <Form method="post" encType="multipart/form-data" className="space-y-4" replace>
        <JsMarker />
        <input type="hidden" name="name" value={slot.key} />
        <UploadNotice />
        <Alert
          tone="error"
          messages={shown}
          id="upload-error"
          stamp={upload.errors ? `c${upload.stamp}` : stamp}
          durationMs={4000}
        />
        {previous?.rejectionReason ? (
          <Alert tone="error" messages={[`Motivo del rechazo: ${previous.rejectionReason}`]} />
        ) : previous?.expiredText ? (
          <Alert tone="error" messages={[previous.expiredText]} />
        ) : null}
        <div
          className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800"
          data-testid="guia-documento"
        >
          <p className="font-semibold text-slate-900">Para que lo aprobemos:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {guidance.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
          <p className="mt-2 font-medium text-brand-900">{REVIEW_PROMISE}.</p>
        </div>
        {previous ? (
          <div className="text-sm text-slate-700">
            <p className="font-medium">Archivo anterior</p>
            {previous.isImage ? (
              <img
                src={previous.url}
                alt={`Archivo anterior: ${slot.title}`}
                className="mt-1 max-h-40 rounded border border-slate-200 object-contain"
              />
            ) : (
              <a
                href={previous.url}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-brand-700 hover:underline"
              >
                Abrir archivo anterior
              </a>
            )}
          </div>
        ) : null}
        <FileField
          label="Archivo"
          limit={DOCUMENT_UPLOAD.limitText}
          note={upload.note}
          invalid={Boolean(shown?.length)}
          inputProps={{
            id: inputId,
            name: slot.key,
            accept: DOCUMENT_UPLOAD.accept,
            'aria-required': true,
            // The upload dialog opened (also as a no-JS page) to choose this file.
            autoFocus: true,
            'aria-describedby': shown?.length ? 'upload-error' : undefined,
            ref: upload.inputProps.ref,
            onChange: (e) => {
              upload.inputProps.onChange(e)
              setFile(e.target.files?.[0] ?? null)
            },
          }}
        />
        <LocalPreview file={file} />
        {expiry ? (
          <InputField
            label="Fecha de vencimiento"
            hint="Tal como aparece en el documento. Te avisaremos por correo 30 y 7 días antes, y el mismo día."
            inputProps={{
              type: 'date',
              name: expiryFieldName(slot.key),
              'aria-required': true,
              min: expiry.min,
              defaultValue: expiry.defaultValue,
              className: 'sm:max-w-xs',
            }}
          />
        ) : null}
        <UploadProgress />
        <div className="flex flex-wrap justify-end gap-2">
          <CancelLink to={closeTo} />
          <SubmitButton pendingText="Subiendo…">Subir archivo</SubmitButton>
        </div>
      </Form>
    </Modal>
  )
}

/** Spec §2 file preview dialog (a rejected document). */
export function PreviewDialog({
  title,
  url,
  isImage,
  closeTo,
}: {
  title: string
  url: string
  isImage: boolean
  closeTo: string
}) {
  return (
    <Modal title={`Archivo: ${title}`} closeTo={closeTo} wide>
      {isImage ? (
        <img src={url} alt={`Documento cargado: ${title}`} className="mx-auto max-h-[70dvh] object-contain" />
      ) : (
        <p className="text-slate-700">Este documento es un PDF.</p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className={
            'inline-flex items-center rounded-md border border-brand-700 px-4 py-2.5 ' +
            'font-semibold text-brand-700 hover:bg-brand-50'
          }
        >
          Abrir en una pestaña nueva
        </a>
        <CancelLink to={closeTo}>Cerrar</CancelLink>
      </div>
    </Modal>
  )
}
