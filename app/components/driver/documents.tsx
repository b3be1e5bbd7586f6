import { useEffect, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { FileField } from '#app/components/ui/field'
import { CancelLink, Modal } from '#app/components/ui/modal'
import { UploadProgress } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { documentStatusLabel, type DocumentSlot } from '#domain/reference-data/documents'
import { DOCUMENT_UPLOAD } from '#domain/uploads'
import { Icon } from './icons'
import { CreatePowerButton } from './power-link'
import { documentFileUrl, HOME_PATH, withParams } from './urls'

export interface SlotView {
  slot: DocumentSlot
  record: { id_file: number; file_status: 'PENDING' | 'ACCEPTED' | 'REJECTED'; rejection_reason: string | null; type_name: string; url_file: string } | null
}

const STATUS_STYLE = {
  PENDING: 'bg-amber-50 text-amber-900 ring-amber-300',
  ACCEPTED: 'bg-green-50 text-green-900 ring-green-300',
  REJECTED: 'bg-red-50 text-red-900 ring-red-300',
} as const

export function uploadHref(search: string, slot: DocumentSlot, previous?: string | null) {
  return withParams(HOME_PATH, search, { name: slot.key, title: slot.title, url_file: previous ?? null, ver: null })
}

/** One slot of spec §4 "Document status". */
export function DocumentItem({ view }: { view: SlotView }) {
  const { search } = useLocation()
  const { slot, record } = view
  const titleId = `doc-${slot.key}`
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {slot.title}
        </h3>
        {slot.optional ? <Badge className="shrink-0 font-normal">Opcional, solo furgones</Badge> : null}
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2">
        {record ? (
          <span className={`rounded-md px-2.5 py-1 text-sm font-medium ring-1 ${STATUS_STYLE[record.file_status]}`}>{documentStatusLabel(record)}</span>
        ) : (
          <Link to={uploadHref(search, slot)} preventScrollReset aria-label={`Añadir documento: ${slot.title}`} className={buttonClass('primary', 'gap-1.5 px-3 py-1.5 text-sm')}>
            <Icon name="upload" className="h-4 w-4" />
            Añadir documento
          </Link>
        )}
        {record?.file_status === 'REJECTED' ? (
          <>
            <Link
              to={withParams(HOME_PATH, search, { ver: record.id_file, name: null, title: null, url_file: null })}
              preventScrollReset
              aria-label={`Ver archivo: ${slot.title}`}
              className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              Ver archivo
            </Link>
            <Link
              to={uploadHref(search, slot, documentFileUrl(record.url_file))}
              preventScrollReset
              aria-label={`Cargar nuevamente: ${slot.title}`}
              className="inline-flex items-center gap-1.5 rounded-md border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              Cargar nuevamente
            </Link>
          </>
        ) : null}
        {slot.key === 'autorizacion_dueno_vehiculo' && (!record || record.file_status === 'REJECTED') ? <CreatePowerButton label={slot.title} /> : null}
      </div>
    </li>
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
        <label className="mt-2 flex items-center gap-2">
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
}: {
  slot: DocumentSlot
  previous: { url: string; isImage: boolean } | null
  closeTo: string
  errors?: string[]
  stamp?: number
}) {
  const [file, setFile] = useState<File | null>(null)
  const upload = useUploadField(DOCUMENT_UPLOAD)
  const inputId = `archivo-${slot.key}`
  const shown = upload.errors ?? errors
  return (
    <Modal title={`Subir documento: ${slot.title}`} closeTo={closeTo}>
      <Form method="post" encType="multipart/form-data" className="space-y-4" replace>
        <JsMarker />
        <input type="hidden" name="name" value={slot.key} />
        <UploadNotice />
        <Alert tone="error" messages={shown} id="upload-error" stamp={upload.errors ? `c${upload.stamp}` : stamp} durationMs={4000} />
        {previous ? (
          <div className="text-sm text-slate-700">
            <p className="font-medium">Archivo anterior</p>
            {previous.isImage ? (
              <img src={previous.url} alt={`Archivo anterior: ${slot.title}`} className="mt-1 max-h-40 rounded border border-slate-200 object-contain" />
            ) : (
              <a href={previous.url} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 hover:underline">
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
export function PreviewDialog({ title, url, isImage, closeTo }: { title: string; url: string; isImage: boolean; closeTo: string }) {
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
          className="inline-flex items-center rounded-md border border-brand-700 px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Abrir en una pestaña nueva
        </a>
        <CancelLink to={closeTo}>Cerrar</CancelLink>
      </div>
    </Modal>
  )
}
