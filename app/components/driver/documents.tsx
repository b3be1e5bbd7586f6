import { useEffect, useRef, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { cn } from '#app/components/ui/cn'
import { Hint, InputField, UploadNote } from '#app/components/ui/field'
import { CancelLink, Modal } from '#app/components/ui/modal'
import { ProgressBar } from '#app/components/ui/progress-bar'
import { shrinkPhoto } from '#app/components/upload/shrink-photo'
import { UploadProgress } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { withParams } from '#app/paths'
import { DOCUMENT_UPLOAD } from '#domain/uploads'
import type { ChecklistGroup, ChecklistRow, ChecklistSummary, ChipTone } from './checklist.server'
import { Icon } from './icons'
import { CreatePowerButton } from './power-link'
import { HOME_PATH } from './urls'

/** The one status chip of a document: the same words and colours on every row. */
const CHIP_STYLE: Record<ChipTone, string> = {
  missing: 'bg-slate-100 text-slate-800 ring-slate-300',
  review: 'bg-amber-50 text-amber-900 ring-amber-300',
  approved: 'bg-green-50 text-green-900 ring-green-300',
  rejected: 'bg-red-50 text-red-900 ring-red-300',
  soon: 'bg-orange-50 text-orange-900 ring-orange-300',
  expired: 'bg-red-50 text-red-900 ring-red-300',
}

function StatusChip({ tone, children }: { tone: ChipTone; children: React.ReactNode }) {
  return (
    <span
      data-chip={tone}
      className={cn('inline-block rounded-md px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', CHIP_STYLE[tone])}
    >
      {children}
    </span>
  )
}

/** The upload of a row: ?name=slot (the title shown is ours), the file it replaces, walking or not. */
function uploadHref(search: string, row: Pick<ChecklistRow, 'key' | 'title' | 'previous'>, walk = false) {
  return withParams(HOME_PATH, search, {
    name: row.key,
    title: row.title,
    url_file: row.previous,
    ver: null,
    siguiente: walk ? 1 : null,
    hecho: null,
  })
}

/**
 * The headline: the approved n/22 (what companies see), the rest in words beside it, and the one
 * primary action, which walks through what is still to upload.
 */
export function ChecklistSummaryCard({ summary, next }: { summary: ChecklistSummary; next: ChecklistRow | null }) {
  const { search } = useLocation()
  return (
    <section aria-labelledby="progreso" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="progreso" className="text-lg font-semibold text-slate-900">
        Tus documentos
      </h2>
      <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-3xl font-bold text-slate-900" data-testid="documentos-aprobados">
          {summary.approved}/{summary.total} <span className="text-lg font-semibold">aprobados</span>
        </span>
        <span className="text-sm font-medium text-slate-700" data-testid="resumen-documentos">
          {summary.words}
        </span>
      </p>
      <ProgressBar value={summary.approved} max={summary.total} label="Documentos aprobados" className="mt-3" />
      <p className="mt-2 text-sm text-slate-600">Las empresas ven cuántos tienes aprobados cuando postulas.</p>
      {next ? (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700" data-testid="siguiente-documento">
            Sigue: <span className="font-semibold text-slate-900">{next.title}</span>
          </p>
          <Link
            to={uploadHref(search, next, true)}
            preventScrollReset
            className={buttonClass('primary', 'w-full gap-2 sm:w-auto')}
          >
            <Icon name="upload" className="h-5 w-5" />
            Subir siguiente documento
          </Link>
        </div>
      ) : null}
    </section>
  )
}

/** One row: the document's name, its chip, and an arrow into its upload (the whole row is the link). */
function ChecklistItem({ row }: { row: ChecklistRow }) {
  const { search } = useLocation()
  const titleId = `doc-${row.key}`
  return (
    <li
      aria-labelledby={titleId}
      data-next={row.next ? '' : undefined}
      className={cn(
        'relative flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-slate-50',
        row.next && 'bg-brand-50/60 shadow-[inset_4px_0_0_var(--color-brand-600)]',
      )}
    >
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="font-medium text-slate-900">
          {row.title}
        </h3>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <StatusChip tone={row.tone}>{row.chip}</StatusChip>
          {row.optional ? <span>Opcional, solo furgones</span> : null}
          {row.dateText ? <span>{row.dateText}</span> : null}
          {row.dueText ? <span className="font-medium text-orange-800">{row.dueText}</span> : null}
          {row.removedText ? <span>{row.removedText}</span> : null}
          {row.viewId ? (
            <Link
              to={withParams(HOME_PATH, search, { ver: row.viewId, name: null, title: null, url_file: null })}
              preventScrollReset
              aria-label={`Ver archivo: ${row.title}`}
              className="relative z-10 inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
            >
              Ver archivo
            </Link>
          ) : null}
          {row.key === 'autorizacion_dueno_vehiculo' && (row.tone === 'missing' || row.tone === 'rejected') ? (
            <span className="relative z-10">
              <CreatePowerButton label={row.title} />
            </span>
          ) : null}
        </div>
      </div>
      <Link
        to={uploadHref(search, row)}
        preventScrollReset
        aria-label={`${row.action}: ${row.title}`}
        className={cn(
          'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500',
          "after:absolute after:inset-0 after:content-['']",
          row.needed && 'text-brand-700',
        )}
      >
        <Icon name="chevron" className="h-5 w-5" />
      </Link>
    </li>
  )
}

/** The 23 slots as rows in their five groups; each group counts its approvals. */
export function DocumentChecklist({ groups }: { groups: ChecklistGroup[] }) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`grupo-${group.key}`} data-testid={`grupo-${group.key}`}>
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2 px-1">
            <h2 id={`grupo-${group.key}`} className="text-lg font-semibold text-slate-900">
              {group.title}
            </h2>
            <span className="text-sm font-medium text-slate-600" data-testid={`grupo-${group.key}-cuenta`}>
              {group.approved}/{group.total} aprobados
            </span>
          </div>
          <ul
            className={
              'divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm'
            }
          >
            {group.rows.map((row) => (
              <ChecklistItem key={row.key} row={row} />
            ))}
          </ul>
        </section>
      ))}
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
    <figure className="rounded-lg border border-slate-200 p-2">
      {url ? (
        <img src={url} alt="Vista previa del archivo seleccionado" className="mx-auto max-h-56 object-contain" />
      ) : (
        <Icon name="file" className="mx-auto h-10 w-10 text-slate-500" />
      )}
      <figcaption className="mt-1 truncate text-center text-xs text-slate-600">{file.name}</figcaption>
    </figure>
  )
}

/** The photos the browser measures before sending (a PDF is not a photo). */
const PHOTO_TYPES = ['image/jpeg', 'image/png']

/** What the photo checks found, what to do about it, and the way to take it again. */
function PhotoWarning({ advice, cameraId }: { advice: string[]; cameraId: string }) {
  const ref = useRef<HTMLDivElement>(null)
  // On a phone the box appears under the choices, below the fold: it comes to the middle. In
  // braces: Chromium's scrollIntoView returns a promise, and an effect may return only a cleanup.
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'center' })
  }, [advice])
  return (
    <div
      ref={ref}
      role="alert"
      data-testid="aviso-foto"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="font-semibold">Revisa la foto antes de enviarla</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {advice.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <label htmlFor={cameraId} className={buttonClass('primary', 'mt-3 w-full gap-2 sm:w-auto')}>
        <Icon name="camera" className="h-5 w-5" />
        Tomar otra foto
      </label>
      <p className="mt-2 text-amber-900">Si se lee bien, puedes enviarla de todos modos.</p>
    </div>
  )
}

const CHOICE =
  'flex min-h-24 flex-col items-center justify-center gap-1.5 rounded-xl border-2 px-3 py-3 text-center ' +
  'font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ' +
  'peer-focus-visible:outline-brand-600 cursor-pointer border-brand-600 bg-white text-brand-700 hover:bg-brand-50'

interface UploadSheetProps {
  slot: { key: string; title: string }
  previous: { url: string; isImage: boolean; rejectionReason?: string | null; expiredText?: string | null } | null
  closeTo: string
  /** The file's refusal (the page action's or the service's). */
  errors?: string[]
  /** The id of the page action's reply: the same refusal twice shows (and moves the focus) again. */
  replyId?: string
  /** What makes this document approvable. */
  guidance: string[]
  reviewPromise: string
  /** The kinds that expire: the field's name, the value to start from, today, and its refusal. */
  expiry: { name: string; defaultValue: string; today: string; latest: string; error: string | null } | null
  /** Walking through «Subir siguiente documento»: the document just uploaded and how many are left. */
  walk: { done: string | null; left: number } | null
}

/**
 * Spec §2 upload panel as a sheet for a phone: the example, one guidance box, two large choices
 * (the camera, a file), the date where the kind expires, and the submit pinned to the bottom.
 */
export function UploadPanel({
  slot,
  previous,
  closeTo,
  errors,
  replyId,
  guidance,
  reviewPromise,
  expiry,
  walk,
}: UploadSheetProps) {
  const [file, setFile] = useState<File | null>(null)
  const upload = useUploadField(DOCUMENT_UPLOAD, shrinkPhoto)
  // What the photo checks say about the chosen photo (null: nothing to say, or not measured).
  const [advice, setAdvice] = useState<string[] | null>(null)
  const checked = useRef<File | null>(null)
  const dateRef = useRef<HTMLInputElement>(null)
  const inputId = `archivo-${slot.key}`
  const shown = upload.errors ?? errors
  const errorId = shown?.length ? 'upload-error' : undefined
  const limitId = `${inputId}-limite`
  // A refused date takes the focus, where its message is.
  useEffect(() => {
    if (!expiry?.error) return
    dateRef.current?.focus()
    // Its message sits under it: both clear of the pinned submit.
    dateRef.current?.scrollIntoView({ block: 'center' })
  }, [expiry?.error, replyId])
  return (
    <Modal title={`Subir documento: ${slot.title}`} closeTo={closeTo}>
      <Form
        method="post"
        encType="multipart/form-data"
        className="flex flex-1 flex-col gap-4"
        data-sheet=""
        replace
        // The date's rules speak Spanish at the field (the page's check), not in a browser bubble.
        noValidate
      >
        <JsMarker />
        <input type="hidden" name="name" value={slot.key} />
        {walk ? <input type="hidden" name="siguiente" value="1" /> : null}
        {walk?.done ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg bg-green-50 px-3 py-2.5 text-sm font-medium text-green-900"
            data-testid="subida-lista"
          >
            <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              Listo: {walk.done} quedó en revisión. Sigue con este ({walk.left}{' '}
              {walk.left === 1 ? 'pendiente' : 'pendientes'}).
            </span>
          </p>
        ) : null}
        {previous?.rejectionReason ? (
          <Alert tone="error" messages={[`Motivo del rechazo: ${previous.rejectionReason}`]} />
        ) : previous?.expiredText ? (
          <Alert tone="error" messages={[previous.expiredText]} />
        ) : null}
        <div
          className="overflow-hidden rounded-lg border border-slate-200 bg-slate-50 text-sm text-slate-800"
          data-testid="guia-documento"
        >
          <img
            src={`/specimens/${slot.key}.svg`}
            alt={`Ejemplo de ${slot.title}`}
            width={480}
            height={300}
            loading="lazy"
            decoding="async"
            className="block h-auto max-h-44 w-full bg-white object-contain"
          />
          <div className="px-4 py-3">
            <p className="font-semibold text-slate-900">Para que lo aprobemos:</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {guidance.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
            <p className="mt-2 text-slate-700">{reviewPromise}.</p>
          </div>
        </div>
        <fieldset>
          <legend className="sr-only">Archivo</legend>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <input
                id={`${inputId}-camara`}
                type="file"
                name={slot.key}
                accept="image/*"
                capture="environment"
                className="peer sr-only"
                aria-describedby={[limitId, errorId].filter(Boolean).join(' ')}
                onChange={(e) => {
                  // With JS the photo joins the one file field, where it is checked and shrunk.
                  const main = upload.inputProps.ref.current
                  if (!main || !e.target.files?.length) return
                  main.files = e.target.files
                  e.target.value = ''
                  main.dispatchEvent(new Event('change', { bubbles: true }))
                }}
              />
              <label htmlFor={`${inputId}-camara`} className={CHOICE}>
                <Icon name="camera" className="h-7 w-7" />
                Tomar foto
              </label>
            </div>
            <div>
              <input
                id={inputId}
                type="file"
                name={slot.key}
                accept={DOCUMENT_UPLOAD.accept}
                aria-required
                aria-invalid={errorId ? true : undefined}
                aria-describedby={[limitId, errorId].filter(Boolean).join(' ')}
                // The sheet opened (also as a no-JS page) to choose this file, unless a date was refused.
                {...(expiry?.error ? {} : { autoFocus: true })}
                className="peer sr-only"
                ref={upload.inputProps.ref}
                onChange={(e) => {
                  upload.inputProps.onChange(e)
                  const chosen = e.target.files?.[0] ?? null
                  setFile(chosen)
                  setAdvice(null)
                  checked.current = chosen
                  if (!chosen || !PHOTO_TYPES.includes(chosen.type)) return
                  // The checks' code arrives with the first photo, not with the page.
                  void import('#app/components/upload/photo-check')
                    .then(({ photoAdvice }) => photoAdvice(chosen))
                    .then((found) => {
                      // Another file may have been chosen meanwhile: that one has its own turn.
                      if (checked.current === chosen) setAdvice(found.length ? found : null)
                    })
                    .catch(() => {})
                }}
              />
              <label htmlFor={inputId} className={CHOICE}>
                <Icon name="file" className="h-7 w-7" />
                Elegir archivo
              </label>
            </div>
          </div>
          <Hint id={limitId}>{DOCUMENT_UPLOAD.limitText}</Hint>
          <UploadNote note={upload.note} />
          <Alert
            tone="error"
            messages={shown}
            id="upload-error"
            stamp={upload.errors ? `c${upload.stamp}` : replyId}
            durationMs={4000}
          />
        </fieldset>
        {advice && !upload.errors ? <PhotoWarning advice={advice} cameraId={`${inputId}-camara`} /> : null}
        <LocalPreview file={file} />
        {expiry ? (
          <InputField
            label="Fecha de vencimiento"
            hint="Tal como aparece en el documento. Te avisaremos por correo 30 y 7 días antes, y el mismo día."
            errors={expiry.error ? [expiry.error] : null}
            inputProps={{
              id: 'fecha-vencimiento',
              type: 'date',
              name: expiry.name,
              'aria-required': true,
              defaultValue: expiry.defaultValue,
              // Without JS nothing moves the focus to a refused date: the page asks for it.
              autoFocus: Boolean(expiry.error),
              ref: dateRef,
              className: 'sm:max-w-xs',
            }}
          />
        ) : null}
        {expiry ? (
          <>
            <input type="hidden" name="hoy" value={expiry.today} />
            <input type="hidden" name="hasta" value={expiry.latest} />
          </>
        ) : null}
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
        <UploadProgress />
        <div
          className={
            'sticky bottom-0 z-10 -mx-5 mt-auto flex gap-2 border-t border-slate-200 bg-white px-5 py-3 ' +
            'sm:justify-end [&>*]:flex-1 sm:[&>*]:flex-none'
          }
        >
          <CancelLink to={closeTo} />
          {/* The driver is never stopped: a photo the checks doubt is still sent if they say so. */}
          <SubmitButton pendingText="Subiendo…" variant={advice && !upload.errors ? 'secondary' : 'primary'}>
            {advice && !upload.errors ? 'Enviar de todos modos' : 'Subir archivo'}
          </SubmitButton>
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
