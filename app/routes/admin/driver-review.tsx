import { useRef, useState } from 'react'
import { Form, Link, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { adminApi } from '#app/.server/backend/admin'
import { messageList } from '#app/.server/backend/client'
import { formAction, type Tools } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { LINK } from '#app/components/admin/console'
import { DocumentViewer } from '#app/components/admin/document-viewer'
import { PhotoAlerts } from '#app/components/admin/photo-alerts'
import { useReviewKeys, type KeyAction } from '#app/components/admin/review-keys'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL, InputField } from '#app/components/ui/field'
import { pagePath } from '#app/paths'
import { formatDate, formatInteger, formatRut } from '#domain/format'
import { positiveId } from '#domain/ids'
import { PHOTO_FLAG_REVIEW } from '#domain/photo-quality'
import { FILE_REMOVED } from '#domain/reference-data/documents'
import { fieldsToCheck, type CheckedField } from '#domain/review-checks'
import { REJECTION_REASON_MAX, REJECTION_REASONS } from '#domain/validation/admin-constants'
import type { Route } from './+types/driver-review'
import { pdfPages, requireAdmin, reviewDecision } from './admin.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Revisar a ${data?.driver.name ?? 'un conductor'} | Consola | Fleeters` },
]

const reviewPath = (driverId: number, docId?: number | null) =>
  `/admin/conductores/${driverId}/revisar${docId ? `?doc=${docId}` : ''}`

/**
 * One driver's pending documents, one at a time in the order of the 22 slots (decision 90): the
 * document asked for in ?doc=, else the first pending one. The driver's data comes from their
 * page's call, the document from the single review's call; both are written here as text.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const id = positiveId(params.id)
  if (!id) throw new Response(null, { status: 404 })
  const detail = await required(request, await adminApi.driver(context, session.token, id))
  const pending = detail.slots
    .filter((s) => s.file_status === 'PENDING' && s.id_file)
    .map((s) => ({ id: s.id_file!, title: s.title, purpose: s.purpose_name }))
  // The vehicle and its plate: a driver's profile has none (spec §5); their latest simple power does.
  const power = detail.powers[0]
  const driver = {
    id: detail.driver.id,
    name: detail.driver.name,
    rut: formatRut(detail.driver.rut) || null,
    address: detail.driver.address,
    vehicle: power ? `${power.vehicle_brand} ${power.vehicle_model}`.trim() : null,
    plate: power?.vehicle_license_plate ?? null,
  }
  const progress = { accepted: detail.documents.accepted, total: detail.documents.total }
  const wanted = positiveId(new URL(request.url).searchParams.get('doc'))
  const at = Math.max(
    0,
    pending.findIndex((p) => p.id === wanted),
  )
  const item = pending[at]
  if (!item) return { driver, progress, pending, current: null, checks: [], nextId: null, prevId: null }
  const { document: doc, power: docPower } = await required(
    request,
    await adminApi.document(context, session.token, item.id, {}),
  )
  const pages = await pdfPages(request, context, session.token, doc)
  // Next and previous go round the driver's pending list; alone, a document has neither.
  const nextId = pending.length > 1 ? pending[(at + 1) % pending.length]!.id : null
  const prevId = pending.length > 1 ? pending[(at - 1 + pending.length) % pending.length]!.id : null
  return {
    driver,
    progress,
    pending,
    checks: fieldsToCheck(doc.purpose_name),
    nextId,
    prevId,
    current: {
      id: doc.id,
      title: doc.title,
      position: at + 1,
      mimeType: doc.type_name,
      pages,
      fileUrl: `/admin/archivos/${doc.id}`,
      details:
        `${doc.original_name} · ${formatInteger(Math.max(1, Math.round(doc.size_bytes / 1024)))} KB · ` +
        `subido el ${formatDate(doc.date_upload, 'numeric')}`,
      removed: doc.file_removed_at ? `${FILE_REMOVED} el ${formatDate(doc.file_removed_at, 'numeric')}.` : null,
      expiring: doc.expiring,
      expiresOn: doc.expires_on,
      photoAlerts: doc.photo_flags.map((f) => PHOTO_FLAG_REVIEW[f]),
      expiryHint: doc.expires_on
        ? `La indicó el conductor: ${formatDate(doc.expires_on, 'numeric')}. Corrígela si el documento dice otra.`
        : 'El conductor no la indicó: escríbela tal como aparece en el documento.',
      // A simple power is approved only once the owner's signature is recorded (on its own page).
      unsigned: !!docPower && !docPower.signature,
    },
  }
}

/** Approve or reject as plain form posts; then the next pending document of the driver (its id in `next`). */
export async function action(args: Route.ActionArgs) {
  const { context } = args
  const session = await requireAdmin(args.request, context)
  const id = positiveId(args.params.id)
  if (!id) throw new Response(null, { status: 404 })
  const decide = async ({ formData, reply, fail }: Tools<object>) => {
    const docId = positiveId(formData.get('doc'))
    const decided = reviewDecision(formData)
    if (!docId || 'error' in decided)
      return reply({ errors: ['error' in decided ? decided.error : 'Acción no válida.'] }, 400)
    const res = await adminApi.review(context, session.token, docId, decided.body)
    if (!res.ok) {
      const errors = messageList(res.message)
      return fail(res, { errors: res.status === 409 ? [...errors, 'La página muestra el estado actual.'] : errors })
    }
    const message = res.data.driver_validated
      ? `${res.data.message} El conductor completó sus 22 documentos: Fleeter validado.`
      : res.data.message
    return redirectWithToast(reviewPath(id, positiveId(formData.get('next'))), { type: 'success', message })
  }
  return formAction<Route.ActionArgs>({ approve: decide, reject: decide })(args)
}

/** After a refused decision (409) the page shows the driver's documents as they are now. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== 'GET' ? true : defaultShouldRevalidate
}

const FIELD_LABELS: Record<CheckedField, string> = {
  name: 'Nombre',
  rut: 'RUT',
  address: 'Dirección',
  vehicle: 'Vehículo',
  plate: 'Patente',
}

const KEY = 'inline-block min-w-5 rounded border border-slate-400 bg-white px-1 text-center font-mono text-xs'
const CARD = 'rounded-xl border border-slate-200 bg-white p-4'
/** The digits that pick a reason after R: the listed ones, then «Otro motivo». */
const OTHER_DIGIT = String(REJECTION_REASONS.length + 1)

function Key({ children }: { children: React.ReactNode }) {
  return <kbd className={KEY}>{children}</kbd>
}

export default function DriverReview({ loaderData, actionData }: Route.ComponentProps) {
  const { driver, progress, pending, current, checks, nextId, prevId } = loaderData
  const navigation = useNavigation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const approveForm = useRef<HTMLFormElement>(null)
  const rejectForm = useRef<HTMLFormElement>(null)
  const otherText = useRef<HTMLTextAreaElement>(null)
  // R opens the choice of reason; the digit that follows sends it. Per document.
  const [rejecting, setRejecting] = useState<number | null>(null)
  const choosing = current !== null && rejecting === current.id
  const busy = navigation.state !== 'idle'

  const keys: Record<string, KeyAction> = {}
  if (current && choosing) {
    REJECTION_REASONS.forEach((r, i) => {
      keys[String(i + 1)] = () => {
        const form = rejectForm.current
        const radio = form?.querySelector<HTMLInputElement>(`input[name="reason_choice"][value="${r.key}"]`)
        if (!form || !radio) return
        radio.checked = true
        form.requestSubmit()
      }
    })
    keys[OTHER_DIGIT] = () => {
      const radio = rejectForm.current?.querySelector<HTMLInputElement>('input[value="otro"]')
      if (radio) radio.checked = true
      otherText.current?.focus()
    }
    keys.escape = () => setRejecting(null)
  } else if (current) {
    if (!current.unsigned) keys.a = () => approveForm.current?.requestSubmit()
    keys.r = () => {
      setRejecting(current.id)
      rejectForm.current?.scrollIntoView({ block: 'nearest' })
    }
    if (nextId) keys.n = keys.j = () => navigate(reviewPath(driver.id, nextId))
    if (prevId) keys.k = () => navigate(reviewPath(driver.id, prevId))
  }
  useReviewKeys(keys, !busy)

  const checked = new Set<CheckedField>(checks)
  const rows: Array<[CheckedField, string | null]> = [
    ['name', driver.name],
    ['rut', driver.rut],
    ['address', driver.address],
    ['vehicle', driver.vehicle],
    ['plate', driver.plate],
  ]

  return (
    <>
      <p className="mb-3 flex flex-wrap gap-x-4 gap-y-1">
        <Link to={pagePath('/admin/documentos')} className={`${LINK} inline-flex min-h-11 items-center`}>
          ← Volver a la cola
        </Link>
        <Link to={`/admin/conductores/${driver.id}`} className={`${LINK} inline-flex min-h-11 items-center`}>
          Ficha del conductor
        </Link>
      </p>
      <header className="mb-4">
        <p className="text-sm font-semibold text-slate-700">Revisar conductor</p>
        <h1 className="text-2xl font-bold text-slate-900">{driver.name}</h1>
        <p className="text-sm text-slate-700" data-testid="revision-progreso">
          {pending.length === 1 ? '1 documento pendiente' : `${pending.length} documentos pendientes`} ·{' '}
          {progress.accepted}/{progress.total} aprobados
        </p>
        {hydrated && current ? (
          <p className="mt-1 text-xs leading-6 text-slate-700 max-sm:hidden" data-testid="atajos">
            Atajos:{' '}
            {current.unsigned ? null : (
              <>
                <Key>A</Key> aprobar y siguiente ·{' '}
              </>
            )}
            <Key>R</Key> y luego <Key>1</Key>–<Key>{OTHER_DIGIT}</Key> rechazar con ese motivo
            {nextId ? (
              <>
                {' '}
                · <Key>N</Key> o <Key>J</Key> siguiente · <Key>K</Key> anterior
              </>
            ) : null}
          </p>
        ) : null}
      </header>
      <Alert tone="error" className="mb-3 py-2" messages={actionData?.errors} replyId={actionData?.id} />

      {current === null ? (
        <section
          className="max-w-xl rounded-xl border border-green-300 bg-green-50 p-4"
          aria-labelledby="al-dia-titulo"
          data-testid="conductor-al-dia"
        >
          <h2 id="al-dia-titulo" className="text-xl font-bold text-slate-900">
            Conductor al día
          </h2>
          <p className="mt-1 text-slate-800">
            No quedan documentos de {driver.name} por revisar. Tiene {progress.accepted} de {progress.total} aprobados.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={pagePath('/admin/documentos')} className={buttonClass('primary')}>
              Volver a la cola
            </Link>
            <Link to={`/admin/conductores/${driver.id}`} className={buttonClass('secondary')}>
              Ver la ficha del conductor
            </Link>
          </div>
        </section>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section
            aria-labelledby="documento-titulo"
            className="min-w-0 self-start rounded-xl border border-slate-200 bg-white p-3 lg:sticky lg:top-4"
          >
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h2 id="documento-titulo" className="text-lg font-bold text-slate-900">
                {current.title}{' '}
                <span className="text-sm font-semibold whitespace-nowrap text-slate-600">
                  · {current.position} de {pending.length}
                </span>
              </h2>
              {pending.length > 1 ? (
                <nav aria-label="Documentos pendientes" className="flex gap-2">
                  <Link to={reviewPath(driver.id, prevId)} className={buttonClass('secondary', 'px-3')}>
                    ← Anterior{hydrated ? ' (K)' : ''}
                  </Link>
                  <Link to={reviewPath(driver.id, nextId)} className={buttonClass('secondary', 'px-3')}>
                    Siguiente{hydrated ? ' (N)' : ''} →
                  </Link>
                </nav>
              ) : null}
            </div>
            <div data-testid="visor" className="rounded border border-slate-200 bg-slate-50">
              {current.removed ? (
                <p className="p-6 text-center text-slate-800">{current.removed}</p>
              ) : (
                // Each document opens at «Ajustar»: a new key, a new view.
                <>
                  <PhotoAlerts alerts={current.photoAlerts} />
                  <DocumentViewer
                    key={current.fileUrl}
                    fileUrl={current.fileUrl}
                    mimeType={current.mimeType}
                    name={`Documento: ${current.title} de ${driver.name}`}
                    pages={current.pages}
                  />
                </>
              )}
            </div>
            <p className="mt-2 text-sm">
              {current.removed ? null : (
                <a href={current.fileUrl} target="_blank" rel="noreferrer" className={LINK}>
                  Abrir en una pestaña nueva
                </a>
              )}{' '}
              <span className="text-slate-600">· {current.details}</span>
            </p>
          </section>

          <div className="space-y-4">
            <section aria-labelledby="datos-titulo" className={CARD}>
              <h2 id="datos-titulo" className="text-lg font-bold text-slate-900">
                Datos del conductor
              </h2>
              <p className="mb-2 text-sm text-slate-700">
                {checks.length || current.expiring
                  ? 'Compara con el documento lo marcado.'
                  : 'Este documento no trae datos del conductor que comparar.'}
              </p>
              <dl className="space-y-1 text-sm" data-testid="datos-conductor">
                {rows.map(([field, value]) => (
                  <div
                    key={field}
                    data-comparar={checked.has(field) ? 'si' : undefined}
                    className={`flex flex-wrap items-baseline gap-x-2 rounded px-2 py-1 ${
                      checked.has(field) ? 'bg-amber-50 ring-1 ring-amber-400' : ''
                    }`}
                  >
                    <dt className="w-20 shrink-0 font-semibold text-slate-700">{FIELD_LABELS[field]}</dt>
                    <dd className={`min-w-0 flex-1 break-words ${checked.has(field) ? 'font-semibold' : ''}`}>
                      {value ?? <span className="text-slate-600">Sin registrar</span>}
                      {checked.has(field) ? (
                        <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">
                          Compara
                        </span>
                      ) : null}
                    </dd>
                  </div>
                ))}
              </dl>
              {driver.plate ? (
                <p className="mt-2 text-xs text-slate-600">Vehículo y patente: los de su poder simple más reciente.</p>
              ) : null}
            </section>

            <section aria-labelledby="decision-titulo" className={CARD}>
              <h2 id="decision-titulo" className="mb-2 text-lg font-bold text-slate-900">
                Decisión
              </h2>
              <Form method="post" ref={approveForm} key={`aprobar-${current.id}`} className="space-y-3">
                <JsMarker />
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="doc" value={current.id} />
                {nextId ? <input type="hidden" name="next" value={nextId} /> : null}
                {current.expiring ? (
                  <div className="rounded bg-amber-50 p-2 ring-1 ring-amber-400" data-comparar="si">
                    <InputField
                      label="Fecha de vencimiento"
                      hint={current.expiryHint}
                      inputProps={{
                        type: 'date',
                        name: 'expires_on',
                        required: true,
                        defaultValue: current.expiresOn ?? '',
                      }}
                    />
                  </div>
                ) : null}
                <button
                  type="submit"
                  className={buttonClass(
                    'primary',
                    'w-full bg-green-700 hover:bg-green-800 disabled:cursor-not-allowed disabled:bg-slate-500',
                  )}
                  disabled={busy || current.unsigned}
                  aria-describedby={current.unsigned ? 'aprobar-bloqueado' : undefined}
                >
                  Aprobar y siguiente
                </button>
                {current.unsigned ? (
                  <p id="aprobar-bloqueado" className="text-sm text-amber-900">
                    Para aprobar este poder simple, primero registra la firma del dueño en{' '}
                    <Link to={`/admin/documentos/${current.id}`} className={LINK}>
                      la revisión del documento
                    </Link>
                    .
                  </p>
                ) : null}
              </Form>
              <Form
                method="post"
                ref={rejectForm}
                key={`rechazar-${current.id}`}
                className="mt-4 space-y-3 border-t border-slate-200 pt-3"
              >
                <JsMarker />
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="doc" value={current.id} />
                {nextId ? <input type="hidden" name="next" value={nextId} /> : null}
                <fieldset>
                  <legend className="text-sm font-semibold text-slate-900">Motivo del rechazo</legend>
                  <p aria-live="polite" className="text-xs font-semibold text-red-900">
                    {choosing ? `Elige el motivo con su número (1 a ${OTHER_DIGIT}). Esc para no rechazar.` : ''}
                  </p>
                  <div className={`mt-1 space-y-1 rounded ${choosing ? 'bg-red-50 px-2 ring-2 ring-red-600' : ''}`}>
                    {[...REJECTION_REASONS, { key: 'otro', label: 'Otro motivo', text: null }].map((r, i) => (
                      <label key={r.key} className="flex min-h-11 items-start gap-2 py-1 text-sm text-slate-800">
                        <input
                          type="radio"
                          name="reason_choice"
                          value={r.key}
                          required
                          className="mt-1 size-4 shrink-0"
                        />
                        {hydrated ? (
                          <kbd className={`${KEY} shrink-0`} aria-hidden="true">
                            {i + 1}
                          </kbd>
                        ) : null}
                        <span>
                          <strong>{r.label}</strong>
                          {r.text ? <span className="block text-xs text-slate-600">{r.text}</span> : null}
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
                <label className="block text-sm font-semibold text-slate-800">
                  Motivo escrito (si eliges «Otro motivo»)
                  <textarea
                    ref={otherText}
                    name="reason_other"
                    rows={2}
                    maxLength={REJECTION_REASON_MAX}
                    onInput={(e) => {
                      const radio = e.currentTarget.form?.querySelector<HTMLInputElement>('input[value="otro"]')
                      if (radio) radio.checked = true
                    }}
                    className={CONTROL}
                  />
                </label>
                <button type="submit" className={buttonClass('danger', 'w-full')} disabled={busy}>
                  Rechazar y siguiente
                </button>
              </Form>
            </section>

            {pending.length > 1 ? (
              <section aria-labelledby="pendientes-titulo" className={CARD}>
                <h2 id="pendientes-titulo" className="mb-1 text-lg font-bold text-slate-900">
                  Pendientes de este conductor
                </h2>
                <ol className="text-sm">
                  {pending.map((p, i) => (
                    <li key={p.id}>
                      <Link
                        to={reviewPath(driver.id, p.id)}
                        aria-current={p.id === current.id ? 'page' : undefined}
                        className={`flex min-h-11 items-center gap-2 rounded px-2 ${
                          p.id === current.id ? 'bg-brand-50 font-bold text-slate-900' : `${LINK} font-normal`
                        }`}
                      >
                        <span className="w-5 text-right text-slate-600">{i + 1}.</span> {p.title}
                      </Link>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
          </div>
        </div>
      )}
    </>
  )
}
