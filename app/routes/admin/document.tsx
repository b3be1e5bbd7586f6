import { useEffect, useRef, useState } from 'react'
import { Form, href, Link, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { adminApi, type PowerReview } from '#app/.server/backend/admin'
import { messageList } from '#app/.server/backend/client'
import { formAction, type Tools } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { activitySentence } from '#app/components/admin/activity'
import {
  actionText,
  formatDateTime,
  LINK,
  StatusBadge,
  STATUS_TEXT,
  ValidatedBadge,
} from '#app/components/admin/console'
import { DocumentViewer } from '#app/components/admin/document-viewer'
import { PhotoAlerts } from '#app/components/admin/photo-alerts'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL, InputField } from '#app/components/ui/field'
import { pagePath } from '#app/paths'
import { formatDate, formatInteger, formatPhone, formatRut } from '#domain/format'
import { positiveId } from '#domain/ids'
import { PHOTO_FLAG_REVIEW } from '#domain/photo-quality'
import { FILE_REMOVED, type DocumentStatus } from '#domain/reference-data/documents'
import { REJECTION_REASON_MAX, REJECTION_REASONS } from '#domain/validation/admin-constants'
import type { Route } from './+types/document'
import { filterQuery, pdfPages, queueFilters, requireAdmin, reviewDecision } from './admin.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.detail.document.title ?? 'Documento'} | Revisión | Consola | Fleeters` },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const id = positiveId(params.id)
  if (!id) throw new Response(null, { status: 404 })
  const filters = queueFilters(new URL(request.url))
  const detail = await required(request, await adminApi.document(context, session.token, id, filters))
  const pages = await pdfPages(request, context, session.token, detail.document)
  // The photo checks' words («posible desenfoque»), beside the viewer.
  const photoAlerts = detail.document.photo_flags.map((f) => PHOTO_FLAG_REVIEW[f])
  return { detail, query: filterQuery(filters), pages, photoAlerts }
}

type Extra = { conflict: boolean; choice: string; other: string }

/**
 * Aprobar / Rechazar as plain form posts; the next document of the queue opens after a decision. A
 * refusal keeps the reason chosen or written (`choice`, `other`); a 409 (`conflict`) says the page
 * now shows the record as it is.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args
  const session = await requireAdmin(request, context)
  const id = positiveId(args.params.id)
  if (!id) throw new Response(null, { status: 404 })
  const filters = queueFilters(new URL(request.url))
  const query = filterQuery(filters)

  const decide = async ({ formData: form, intent, reply, fail }: Tools<Extra>) => {
    const decided = reviewDecision(form)
    if ('error' in decided) {
      const choice = String(form.get('reason_choice') ?? '')
      const other = intent === 'reject' ? String(form.get('reason_other') ?? '').trim() : ''
      return reply({ errors: [decided.error], conflict: false, choice, other }, 400)
    }
    const res = await adminApi.review(context, session.token, id, decided.body)
    if (!res.ok)
      return fail(res, {
        errors: messageList(res.message),
        conflict: res.status === 409,
        choice: String(form.get('reason_choice') ?? ''),
        other: String(form.get('reason_other') ?? ''),
      })
    const after = await adminApi.document(context, session.token, id, filters)
    const next = after.ok ? after.data.next_id : null
    const message = res.data.driver_validated
      ? `${res.data.message} El conductor completó sus 22 documentos: Fleeter validado.`
      : res.data.message
    return redirectWithToast(
      next ? `${href('/admin/documentos/:id', { id: String(next) })}${query}` : `${href('/admin/documentos')}${query}`,
      { type: 'success', message },
    )
  }

  return formAction<Route.ActionArgs, Extra>({
    // 'Firma recibida': the owner's WhatsApp reply was read; recorded with who and when.
    signature: async ({ formData, reply, fail }) => {
      const powerId = positiveId(formData.get('power_id'))
      if (!powerId) return reply({ errors: ['Acción no válida.'], conflict: false, choice: '', other: '' }, 400)
      const res = await adminApi.recordSignature(context, session.token, powerId)
      if (!res.ok)
        return fail(res, { errors: messageList(res.message), conflict: res.status === 409, choice: '', other: '' })
      return redirectWithToast(`${href('/admin/documentos/:id', { id: String(id) })}${query}`, {
        type: 'success',
        message: res.data.message,
      })
    },
    approve: decide,
    reject: decide,
  })(args)
}

/** After a refused decision (409) the page must show the record as it is now, not as it was. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? true : defaultShouldRevalidate
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

/** The keys of the shortcuts, as the page lists them. */
const KEY_CLASS = 'rounded border px-1'

/** With JS: A approves, R goes to the reasons, N opens the next document. */
function useShortcuts(opts: {
  approve: React.RefObject<HTMLFormElement | null>
  reject: React.RefObject<HTMLInputElement | null>
  next: string | null
  enabled: boolean
  canApprove: boolean
}) {
  const navigate = useNavigate()
  const [ready, setReady] = useState(false)
  useEffect(() => {
    setReady(true)
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return
      const key = e.key.toLowerCase()
      if (key === 'a' && opts.enabled && opts.canApprove && opts.approve.current) {
        e.preventDefault()
        opts.approve.current.requestSubmit()
      } else if (key === 'r' && opts.enabled && opts.reject.current) {
        e.preventDefault()
        opts.reject.current.focus()
      } else if (key === 'n' && opts.next) {
        e.preventDefault()
        navigate(opts.next)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [navigate, opts.approve, opts.reject, opts.next, opts.enabled, opts.canApprove])
  return ready
}

export default function ReviewDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, query, pages, photoAlerts } = loaderData
  const navigation = useNavigation()
  const { document: doc, driver, slots, history, audit, next_id } = detail
  const fileUrl = `/admin/archivos/${doc.id}`
  const reviewable = doc.file_status === 'PENDING' && !doc.superseded
  const nextHref = next_id ? `/admin/documentos/${next_id}${query}` : null
  const approveForm = useRef<HTMLFormElement>(null)
  const firstReason = useRef<HTMLInputElement>(null)
  const otherRadio = useRef<HTMLInputElement>(null)
  // A simple power is approved only once the owner's signature is recorded.
  const unsigned = !!detail.power && !detail.power.signature
  const shortcuts = useShortcuts({
    approve: approveForm,
    reject: firstReason,
    next: nextHref,
    enabled: reviewable,
    canApprove: !unsigned,
  })
  const accepted = slots.filter((s) => !s.optional && s.file_status === 'ACCEPTED' && !s.expired).length
  const busy = navigation.state === 'submitting'

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link to={`${pagePath('/admin/documentos')}${query}`} className={LINK}>
          ← Volver a la cola
        </Link>
        {nextHref ? (
          <Link to={nextHref} className={buttonClass('secondary')}>
            Siguiente documento{shortcuts ? ' (N)' : ''}
          </Link>
        ) : null}
      </div>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">
        {doc.title} <span className="text-base font-semibold text-slate-700">· {driver.name}</span>
      </h1>
      {actionData?.errors ? (
        <Alert
          tone="error"
          className="mb-3 py-2"
          messages={
            actionData.conflict ? [...actionData.errors, 'La página muestra el estado actual.'] : actionData.errors
          }
          replyId={actionData.id}
        />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-label="Archivo" className="rounded-xl border border-slate-200 bg-white p-3">
          {doc.file_removed_at ? (
            // Decision 79: the retention job removed the file; its record and review stay.
            <p className="p-6 text-center text-slate-800" data-testid="archivo-eliminado">
              {FILE_REMOVED} el {formatDate(doc.file_removed_at, 'numeric')}.
            </p>
          ) : (
            <>
              <PhotoAlerts alerts={photoAlerts} />
              <DocumentViewer
                key={fileUrl}
                fileUrl={fileUrl}
                mimeType={doc.type_name}
                name={`Documento: ${doc.title} de ${driver.name}`}
                pages={pages}
              />
            </>
          )}
          <p className="mt-2 text-sm">
            {doc.file_removed_at ? null : (
              <a href={fileUrl} target="_blank" rel="noreferrer" className={LINK}>
                Abrir en una pestaña nueva
              </a>
            )}{' '}
            <span className="text-slate-600">
              · {doc.original_name} · {formatInteger(Math.max(1, Math.round(doc.size_bytes / 1024)))} KB · subido{' '}
              {formatDateTime(doc.date_upload)}
            </span>
          </p>
        </section>

        <div className="space-y-4">
          <section aria-labelledby="decision-titulo" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2
              id="decision-titulo"
              className="mb-2 flex items-center justify-between gap-2 text-lg font-bold text-slate-900"
            >
              Decisión <StatusBadge status={doc.file_status} />
            </h2>
            {reviewable ? (
              <>
                {shortcuts ? (
                  <p className="mb-3 text-xs text-slate-600" data-testid="atajos">
                    Atajos:{' '}
                    {unsigned ? null : (
                      <>
                        <kbd className={KEY_CLASS}>A</kbd> aprobar ·{' '}
                      </>
                    )}
                    <kbd className={KEY_CLASS}>R</kbd> rechazar · <kbd className={KEY_CLASS}>N</kbd> siguiente
                  </p>
                ) : null}
                <Form method="post" ref={approveForm} className="mb-4 space-y-3">
                  <JsMarker />
                  <input type="hidden" name="intent" value="approve" />
                  {doc.expiring ? (
                    <InputField
                      label="Fecha de vencimiento"
                      hint={
                        doc.expires_on
                          ? `La indicó el conductor: ${formatDate(doc.expires_on, 'numeric')}. Corrígela si ` +
                            `el documento dice otra.`
                          : 'El conductor no la indicó: escríbela tal como aparece en el documento.'
                      }
                      inputProps={{
                        type: 'date',
                        name: 'expires_on',
                        required: true,
                        defaultValue: doc.expires_on ?? '',
                      }}
                    />
                  ) : null}
                  <button
                    type="submit"
                    className={buttonClass(
                      'primary',
                      'w-full bg-green-700 hover:bg-green-800 disabled:cursor-not-allowed disabled:bg-slate-500',
                    )}
                    disabled={busy || unsigned}
                    aria-describedby={unsigned ? 'aprobar-bloqueado' : undefined}
                  >
                    Aprobar
                  </button>
                  {unsigned ? (
                    <p id="aprobar-bloqueado" className="mt-2 text-sm text-amber-900">
                      Para aprobar este poder simple, primero registra la firma del dueño (su respuesta «ACEPTO» por
                      WhatsApp) en «Poder simple».
                    </p>
                  ) : null}
                </Form>
                <Form method="post" className="space-y-3 border-t border-slate-200 pt-3">
                  <JsMarker />
                  <input type="hidden" name="intent" value="reject" />
                  <fieldset>
                    <legend className="text-sm font-semibold text-slate-900">Motivo del rechazo</legend>
                    <div className="mt-2 space-y-1.5">
                      {REJECTION_REASONS.map((r, i) => (
                        <label key={r.key} className="flex items-start gap-2 text-sm text-slate-800">
                          <input
                            type="radio"
                            name="reason_choice"
                            value={r.key}
                            required
                            ref={i === 0 ? firstReason : undefined}
                            defaultChecked={actionData?.choice === r.key}
                            className="mt-1"
                          />
                          <span>
                            <strong>{r.label}</strong>
                            <span className="block text-xs text-slate-600">{r.text}</span>
                          </span>
                        </label>
                      ))}
                      <label className="flex items-start gap-2 text-sm text-slate-800">
                        <input
                          type="radio"
                          name="reason_choice"
                          value="otro"
                          ref={otherRadio}
                          defaultChecked={actionData?.choice === 'otro'}
                          className="mt-1"
                        />
                        <strong>Otro motivo</strong>
                      </label>
                    </div>
                  </fieldset>
                  <label className="block text-sm font-semibold text-slate-800">
                    Motivo escrito (si eliges «Otro motivo»)
                    <textarea
                      name="reason_other"
                      rows={3}
                      maxLength={REJECTION_REASON_MAX}
                      defaultValue={actionData?.other ?? ''}
                      onInput={() => {
                        if (otherRadio.current) otherRadio.current.checked = true
                      }}
                      className={CONTROL}
                    />
                  </label>
                  <button type="submit" className={buttonClass('danger', 'w-full')} disabled={busy}>
                    Rechazar
                  </button>
                </Form>
              </>
            ) : (
              <p className="text-sm text-slate-800" data-testid="ya-revisado">
                {doc.superseded
                  ? 'El conductor subió una versión más reciente de este documento.'
                  : `Este documento ya fue revisado: ` +
                    `${STATUS_TEXT[doc.file_status]}${doc.rejection_reason ? ` (${doc.rejection_reason})` : ''}, ` +
                    `${formatDateTime(doc.reviewed_at)}.`}
              </p>
            )}
          </section>

          {detail.power ? <PowerSection power={detail.power} fileStatus={doc.file_status} busy={busy} /> : null}

          <section aria-labelledby="conductor-titulo" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="conductor-titulo" className="mb-2 text-lg font-bold text-slate-900">
              Conductor
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold text-slate-700">Nombre</dt>
              <dd>
                <Link to={`/admin/conductores/${driver.id}`} className={LINK}>
                  {driver.name}
                </Link>
              </dd>
              <dt className="font-semibold text-slate-700">RUT</dt>
              <dd>{formatRut(driver.rut) || '—'}</dd>
              <dt className="font-semibold text-slate-700">Correo</dt>
              <dd className="break-all">{driver.email}</dd>
              <dt className="font-semibold text-slate-700">Teléfono</dt>
              <dd>{formatPhone(driver.phone) || '—'}</dd>
              <dt className="font-semibold text-slate-700">Dirección</dt>
              <dd>{driver.address ?? '—'}</dd>
              <dt className="font-semibold text-slate-700">Aprobados</dt>
              <dd>
                {accepted}/22 {accepted === 22 ? <ValidatedBadge /> : null}
              </dd>
              {doc.expires_on ? (
                <>
                  <dt className="font-semibold text-slate-700">Vence</dt>
                  <dd data-testid="documento-vence">{formatDate(doc.expires_on, 'numeric')}</dd>
                </>
              ) : null}
            </dl>
          </section>

          <section aria-labelledby="historial-titulo" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="historial-titulo" className="mb-2 text-lg font-bold text-slate-900">
              Historial de este documento
            </h2>
            <ol className="space-y-1 text-sm">
              {history.map((h) => (
                <li key={h.id}>
                  {h.id === doc.id ? (
                    <strong>Este archivo</strong>
                  ) : (
                    <Link to={`/admin/documentos/${h.id}`} className={LINK}>
                      Archivo #{h.id}
                    </Link>
                  )}{' '}
                  · {formatDateTime(h.created_at)} · <StatusBadge status={h.file_status} />
                  {h.file_removed_at ? <span className="block text-xs text-slate-600">{FILE_REMOVED}</span> : null}
                  {h.rejection_reason ? (
                    <span className="block text-xs text-slate-600">{h.rejection_reason}</span>
                  ) : null}
                </li>
              ))}
            </ol>
            {audit.length ? (
              <ul className="mt-3 space-y-1 border-t border-slate-200 pt-2 text-xs text-slate-700">
                {audit.map((a) => (
                  <li key={a.id}>
                    {formatDateTime(a.created_at)} · {a.actor}: {actionText(a.action)}
                    <span className="block text-slate-600">{activitySentence(a)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        </div>
      </div>
    </>
  )
}

/** A simple power's PDF: the owner, the owner's ID images and the signature state, with «Firma recibida». */
function PowerSection({ power, fileStatus, busy }: { power: PowerReview; fileStatus: DocumentStatus; busy: boolean }) {
  const images = [
    ['anverso', 'Cédula de identidad del dueño, anverso'],
    ['reverso', 'Cédula de identidad del dueño, reverso'],
  ] as const
  return (
    <section aria-labelledby="poder-titulo" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="poder-titulo" className="mb-2 text-lg font-bold text-slate-900">
        Poder simple
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-slate-700">Dueño</dt>
        <dd>{power.owner.name}</dd>
        <dt className="font-semibold text-slate-700">RUT</dt>
        <dd>{formatRut(power.owner.rut)}</dd>
        <dt className="font-semibold text-slate-700">WhatsApp</dt>
        <dd>{formatPhone(power.owner.phone)}</dd>
        <dt className="font-semibold text-slate-700">Correo</dt>
        <dd className="break-all">{power.owner.email}</dd>
        <dt className="font-semibold text-slate-700">Vehículo</dt>
        <dd>
          {power.vehicle.brand} {power.vehicle.model} {power.vehicle.year} · {power.vehicle.plate}
        </dd>
      </dl>

      <h3 className="mt-4 text-sm font-semibold text-slate-900">Firma del dueño</h3>
      {power.signature ? (
        <p className="mt-1 text-sm text-green-900" data-testid="firma-estado">
          Firma recibida: registrada el {formatDateTime(power.signature.recorded_at)} por {power.signature.recorded_by}.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-amber-900" data-testid="firma-estado">
            Pendiente. El dueño debe responder «ACEPTO» (o enviar una foto del documento firmado) al mensaje de WhatsApp
            que le enviamos.
          </p>
          {fileStatus === 'PENDING' ? (
            <Form method="post" className="mt-2">
              <JsMarker />
              <input type="hidden" name="intent" value="signature" />
              <input type="hidden" name="power_id" value={power.id} />
              <button type="submit" className={buttonClass('secondary', 'w-full')} disabled={busy}>
                Registrar firma recibida
              </button>
              <p className="mt-1 text-xs text-slate-600">
                Regístrala solo después de leer la respuesta del dueño en WhatsApp. Queda tu nombre y la hora en el
                registro.
              </p>
            </Form>
          ) : null}
        </>
      )}

      <h3 className="mt-4 text-sm font-semibold text-slate-900">Cédula de identidad del dueño</h3>
      {power.id_images_removed_at ? (
        <p className="mt-1 text-sm text-slate-800" data-testid="cedula-eliminada">
          Imágenes eliminadas por antigüedad el {formatDate(power.id_images_removed_at, 'numeric')}.
        </p>
      ) : (
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
          {images.map(([side, alt]) => (
            <figure key={side}>
              <img
                src={`/admin/poderes/${power.id}/cedula/${side}`}
                alt={alt}
                className="w-full rounded border border-slate-200 object-contain"
              />
              <figcaption className="mt-1 text-xs text-slate-600">
                {side === 'anverso' ? 'Anverso' : 'Reverso'} ·{' '}
                <a href={`/admin/poderes/${power.id}/cedula/${side}`} target="_blank" rel="noreferrer" className={LINK}>
                  Abrir
                </a>
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </section>
  )
}
