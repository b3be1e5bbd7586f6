import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, Link } from 'react-router'
import type { ActionReply } from '#app/components/action-reply'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { Badge, type BadgeTone } from '#app/components/ui/badge'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { TextAreaField } from '#app/components/ui/field'
import type { MyData, MyRequest } from '#domain/contract/my-data'
import { formatDate, formatDateTime } from '#domain/format'
import type { RectificationValues } from '#domain/validation/my-data'
import { RECTIFICATION_MAX } from '#domain/validation/my-data-constants'

const loadSchema = () => import('#domain/validation/my-data').then((m) => m.rectificationSchema)

/** What the «Mis datos» loader answers (app/.server/my-data.ts myDataLoader). */
export type MyDataView = MyData & { now: number; base: string; role: 'User' | 'business' }

/** What its action answers when it does not redirect. */
export type MyDataFeedback = ActionReply

export const KIND_LABEL: Record<MyRequest['kind'], string> = {
  export: 'Copia de mis datos',
  rectification: 'Corrección de datos',
  deletion: 'Eliminación de la cuenta',
  blocking: 'Pausa del perfil',
  opposition: 'Oposición: correos no esenciales',
}

/** A request's state in words, and its pill's tone; an export says whether it can be downloaded. */
export function requestState(r: Pick<MyRequest, 'kind' | 'status' | 'downloadable'>): {
  label: string
  tone: BadgeTone
} {
  if (r.status === 'cancelled') return { label: 'Cancelada', tone: 'neutral' }
  if (r.kind === 'export') {
    if (r.status === 'pending') return { label: 'En preparación', tone: 'warning' }
    return r.downloadable ? { label: 'Lista', tone: 'success' } : { label: 'Vencida', tone: 'neutral' }
  }
  return r.status === 'pending' ? { label: 'Pendiente', tone: 'warning' } : { label: 'Resuelta', tone: 'success' }
}

const SECTION = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm'
const LINK =
  'inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900'

/**
 * «Mis datos» of drivers and companies (Ley 21.719; decision 75): the rights in a few words, the
 * export of every datum and file, the request to correct what the person cannot edit, their
 * requests, and links to pause or delete the account. Forms that work without JS.
 */
export function MyDataPage({ view, feedback }: { view: MyDataView; feedback?: MyDataFeedback }) {
  return (
    <main id="contenido" className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900">Mis datos</h1>
        <p className="max-w-3xl text-slate-700">
          Aquí ejerces tus derechos de la Ley 21.719: llevarte tus datos, corregirlos, pausar su uso o eliminarlos. Casi
          todo ocurre al instante; lo demás, en 30 días como máximo. Más en la{' '}
          <Link to="/privacidad" className="font-medium text-brand-700 underline underline-offset-2">
            Política de privacidad
          </Link>
          .
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <ExportSection view={view} feedback={feedback?.intent === 'export' ? feedback : undefined} />
        <RectificationSection role={view.role} feedback={feedback?.intent === 'rectification' ? feedback : undefined} />
      </div>
      <RequestsSection view={view} />
      <AccountSection view={view} />
    </main>
  )
}

function ExportSection({ view, feedback }: { view: MyDataView; feedback?: MyDataFeedback }) {
  const latest = view.requests.find((r) => r.kind === 'export')
  const state = latest ? requestState(latest) : null
  const files = view.role === 'business' ? 'el logo de tu empresa' : 'tus documentos y tu foto de perfil'
  return (
    <section aria-labelledby="descargar-titulo" className={SECTION}>
      <h2 id="descargar-titulo" className="text-lg font-semibold text-slate-900">
        Descargar mis datos
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Te preparamos un archivo ZIP con todos tus datos en un formato que otro servicio puede leer (datos.json) y{' '}
        {files}. Puedes pedir una copia al día y descargarla durante 7 días.
      </p>
      <Alert tone="error" messages={feedback?.errors} replyId={feedback?.id} className="mt-4" focus />
      {latest && state ? (
        <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="ultima-copia">
          <p className="flex flex-wrap items-center gap-2">
            <span>Copia pedida el {formatDateTime(latest.requested_at)}</span>
            <Badge tone={state.tone}>{state.label}</Badge>
          </p>
          {latest.status === 'pending' ? (
            <p className="mt-1">La estamos preparando. Te avisaremos por correo cuando esté lista.</p>
          ) : null}
          {latest.downloadable ? (
            <>
              <p className="mt-1">Puedes descargarla hasta el {formatDate(latest.file_expires_at)}.</p>
              <a
                href={`${view.base}/copia/${latest.id}`}
                download
                className={buttonClass('primary', 'mt-3 w-full sm:w-auto')}
              >
                Descargar ZIP
              </a>
            </>
          ) : null}
          {latest.status === 'done' && !latest.downloadable ? (
            <p className="mt-1">Pasaron sus 7 días y la borramos. Puedes pedir una nueva.</p>
          ) : null}
        </div>
      ) : null}
      {view.next_export_at ? (
        <p className="mt-4 text-sm text-slate-700">
          Podrás pedir otra copia desde el {formatDateTime(view.next_export_at)}.
        </p>
      ) : (
        <Form method="post" className="mt-4">
          <JsMarker />
          <input type="hidden" name="intent" value="export" />
          <SubmitButton pendingText="Preparando…" className="w-full sm:w-auto">
            Preparar mi copia
          </SubmitButton>
        </Form>
      )}
    </section>
  )
}

function RectificationSection({ role, feedback }: { role: MyDataView['role']; feedback?: MyDataFeedback }) {
  const { onValidate, ...loadOn } = useLazyValidation<RectificationValues>(loadSchema)
  const [form, fields] = useForm({
    id: 'corregir-datos',
    lastResult: feedback?.result,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const editable =
    role === 'business'
      ? 'Si un dato de tu empresa está mal y no puedes cambiarlo tú (el RUT, la razón ' +
        'social), cuéntanos cuál es y cuál es el correcto.'
      : 'Tu nombre, teléfono, dirección y datos bancarios los cambias tú en «Mi perfil» y ' +
        '«Datos bancarios». Si está mal algo que no puedes editar (tu RUT, los datos de ' +
        'un documento ya aprobado), cuéntanos cuál es y cuál es el correcto.'
  return (
    <section aria-labelledby="corregir-titulo" className={SECTION}>
      <h2 id="corregir-titulo" className="text-lg font-semibold text-slate-900">
        Corregir datos que no puedes editar
      </h2>
      <p className="mt-1 text-sm text-slate-700">{editable} El equipo lo revisará y te responderá por correo.</p>
      <Form method="post" {...getFormProps(form)} {...loadOn} className="mt-4 space-y-4">
        <JsMarker />
        <input type="hidden" name="intent" value="rectification" />
        <Alert tone="error" messages={form.errors} id="corregir-datos-error" replyId={feedback?.id} focus />
        <TextAreaField
          label="¿Qué dato hay que corregir?"
          hint={`Hasta ${RECTIFICATION_MAX} caracteres.`}
          textareaProps={{ ...getTextareaProps(fields.detail), maxLength: RECTIFICATION_MAX, rows: 4 }}
          errors={fields.detail.errors}
        />
        <SubmitButton pendingText="Enviando…" variant="secondary" className="w-full sm:w-auto">
          Enviar solicitud
        </SubmitButton>
      </Form>
    </section>
  )
}

function RequestsSection({ view }: { view: MyDataView }) {
  return (
    <section aria-labelledby="solicitudes-titulo" className={SECTION}>
      <h2 id="solicitudes-titulo" className="text-lg font-semibold text-slate-900">
        Tus solicitudes
      </h2>
      {view.requests.length ? (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="mis-solicitudes">
          {view.requests.map((r) => {
            const state = requestState(r)
            return (
              <li key={r.id} className="py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {KIND_LABEL[r.kind]}
                  <Badge tone={state.tone}>{state.label}</Badge>
                </p>
                <p className="text-sm text-slate-600">
                  Pedida el {formatDateTime(r.requested_at)}
                  {r.answered_at ? ` · Respondida el ${formatDateTime(r.answered_at)}` : ''}
                </p>
                {r.detail ? (
                  <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{r.detail}</p>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700">Aún no has hecho solicitudes.</p>
      )}
    </section>
  )
}

/** Opposition in one sentence: companies receive no invitations, only messages. */
function optOutText(driver: boolean, optedOutAt: string | null): string {
  if (optedOutAt) return `No recibes correos no esenciales desde el ${formatDate(optedOutAt)}.`
  return 'Recibes los correos no esenciales.'
}

function AccountSection({ view }: { view: MyDataView }) {
  const { paused_at, opted_out_at, deletion_due_at } = view.account
  const driver = view.role === 'User'
  return (
    <section aria-labelledby="cuenta-titulo" className={SECTION}>
      <h2 id="cuenta-titulo" className="text-lg font-semibold text-slate-900">
        Tu cuenta
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        <li className="py-3 first:pt-0">
          <Link to={`${view.base}/pausar`} className={LINK}>
            {driver ? 'Pausar mi perfil o dejar de recibir correos no esenciales' : 'Correos no esenciales'}
          </Link>
          <p className="text-sm text-slate-600" data-testid="estado-pausa">
            {paused_at
              ? `Tu perfil está pausado desde el ${formatDate(paused_at)}.`
              : driver
                ? 'Tu perfil está visible para las empresas a las que postulas.'
                : null}{' '}
            {optOutText(driver, opted_out_at)}
          </p>
        </li>
        <li className="py-3">
          <Link to={`${view.base}/eliminar`} className={LINK}>
            Eliminar mi cuenta
          </Link>
          <p className="text-sm text-slate-600" data-testid="estado-eliminacion">
            {deletion_due_at
              ? `Tu cuenta se eliminará el ${formatDate(deletion_due_at)}. Si inicias sesión ` +
                `antes, la eliminación se cancela.`
              : 'Borra tus datos y archivos; te explicamos qué debemos conservar y por qué.'}
          </p>
        </li>
        {driver ? (
          <li className="py-3 last:pb-0">
            <Link to={`${view.base}/accesos`} className={LINK}>
              Quién vio mis datos
            </Link>
            <p className="text-sm text-slate-600">
              Las empresas y el equipo de Fleeters que abrieron tus documentos o tus datos.
            </p>
          </li>
        ) : null}
      </ul>
    </section>
  )
}
