import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { useEffect, useRef, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { requireSession } from '#app/.server/auth'
import { joinMessage, messageList } from '#app/.server/backend/client'
import { businessApi, type Applicant, type BusinessData } from '#app/.server/backend/marketplace'
import { threadsApi } from '#app/.server/backend/messages'
import { formAction, withSchema, type Tools } from '#app/.server/form-action'
import { pageParam } from '#app/.server/list-page'
import { redirectWithToast } from '#app/.server/responses'
import { threadMessageIntent } from '#app/.server/thread-message'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { DocumentsBar } from '#app/components/marketplace/documents-bar'
import { InviteDrivers } from '#app/components/marketplace/invite-drivers'
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUS_OPTIONS,
  POSTING_STATUS_LABELS,
} from '#app/components/marketplace/labels'
import { ApplicationBadge, shortDate } from '#app/components/marketplace/posting-bits'
import { ThreadView } from '#app/components/marketplace/thread'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { InputField, TextAreaField } from '#app/components/ui/field'
import { Modal } from '#app/components/ui/modal'
import { Pagination } from '#app/components/ui/pagination'
import { Tabs } from '#app/components/ui/tabs'
import { withParams } from '#app/paths'
import { formatDateTime } from '#domain/format'
import { positiveId } from '#domain/ids'
import { formatChileanMobile } from '#domain/phone'
import { emailToApplicantSchema, type EmailToApplicantValues } from '#domain/validation/applicant-email'
import { bulkThreadMessageSchema } from '#domain/validation/application-messages'
import { APPLICANTS_PAGE_SIZE, type ApplicationStatus } from '#domain/validation/marketplace'
import type { Route } from './+types/applicants'
import { matchesCard } from './matches.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Postulantes: ${data?.posting.title ?? ''} | Fleeters Empresas` },
]

/** Spec §8. */
const EMAIL_ERROR = 'Error al enviar el email al usuario, intenta nuevamente.'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'business')
  const id = positiveId(params.id ?? null)
  const url = new URL(request.url)
  // ?estado= filters by one status; anything unknown shows them all.
  const estado = url.searchParams.get('estado')
  const status = estado && estado in APPLICATION_STATUS_LABELS ? (estado as ApplicationStatus) : undefined
  // ?orden=documentos: most documents approved first; anything else, newest first.
  const sort = url.searchParams.get('orden') === 'documentos' ? 'documentos' : undefined
  const page = pageParam(url)
  const [res, matches] = id
    ? await Promise.all([
        businessApi.applicants(context, session.token, id, {
          status,
          sort,
          page,
        }),
        businessApi.postingMatches(context, session.token, id),
      ])
    : [null, null]
  // Another company's posting does not exist for this one.
  if (!res?.ok) throw new Response('No encontrado', { status: res?.status === 404 || !res ? 404 : 503 })
  // What this screen shows is no longer new to the company: the panel's «nuevos» count drops.
  // This view still marks them «Nuevo»; if the call fails they stay new, nothing else changes.
  const fresh = res.data.applicants.filter((a) => a.is_new).map((a) => a.id_application)
  if (id && fresh.length) await businessApi.markApplicantsSeen(context, session.token, id, fresh)
  const mailTo = positiveId(url.searchParams.get('correo'))
  const recipient = mailTo ? (res.data.applicants.find((a) => a.id_application === mailTo) ?? null) : null
  const business = recipient ? await businessApi.data(context, session.token) : null
  // ?conversacion=<application>: that applicant's thread, open over the list; reading it marks
  // their answers read, so the card's count is the one after this reading.
  const talkTo = positiveId(url.searchParams.get('conversacion'))
  const talking = talkTo ? (res.data.applicants.find((a) => a.id_application === talkTo) ?? null) : null
  const thread = talking ? await threadsApi.companyThread(context, session.token, talking.id_application) : null
  if (thread?.ok) talking!.unread_messages = 0
  return {
    ...res.data,
    pageSize: APPLICANTS_PAGE_SIZE,
    recipient,
    talking,
    thread: thread?.ok
      ? { ...thread.data, messages: thread.data.messages.map((m) => ({ ...m, at: formatDateTime(m.created_at) })) }
      : null,
    threadError: thread && !thread.ok ? joinMessage(thread.message) : null,
    closeThreadTo: withParams(url.pathname, url.search, { conversacion: null }),
    business: business?.ok ? business.data : null,
    constraint: recipient ? getZodConstraint(emailToApplicantSchema) : null,
    closeTo: withParams(url.pathname, url.search, { correo: null }),
    // The matching drivers and «Invitar a postular» (decision 106): an open posting only; a failed count hides it.
    matches: matches?.ok && matches.data.open ? matchesCard(matches.data) : null,
  }
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args
  const session = await requireSession(request, context, 'business')
  const token = session.token
  const url = new URL(request.url)
  const back = withParams(url.pathname, url.search, { correo: null })
  const done = (message: string) => redirectWithToast(back, { type: 'success', message })

  // The email to one applicant (its dialog); a form without an intent is this one too.
  const email = withSchema<Route.ActionArgs, Extra, typeof emailToApplicantSchema>(
    emailToApplicantSchema,
    async ({ value, submission, fail }) => {
      const res = await businessApi.emailApplicant(context, token, value)
      if (!res.ok)
        return fail(res, {
          result: submission.reply({ formErrors: messageList(res.message).map((m) => `${EMAIL_ERROR} ${m}`) }),
        })
      return done(res.data.message)
    },
  )

  return formAction<Route.ActionArgs, Extra>({
    // A message in an applicant's thread: data for the page's fetcher, else back to the open thread.
    mensaje: threadMessageIntent(request, (id, body) => threadsApi.companySend(context, token, id, body)),
    estado: async ({ formData, failTo }) => {
      const id = positiveId(formData.get('id_application'))
      const status = String(formData.get('status') ?? '') as ApplicationStatus
      const res = id ? await businessApi.setApplicationStatus(context, token, id, status) : null
      if (!res?.ok)
        return failTo(res ?? { status: 400 }, back, {
          type: 'error',
          message: res ? joinMessage(res.message) : 'Postulación inválida',
        })
      return done(res.data.message)
    },
    // The selected applicants (checkboxes tied to one form): one message to each, or a move to the pressed stage.
    seleccionados: async (a) => {
      if (a.formData.get('enviar') === 'mensaje') return bulkMessage(a, params.id, token, done)
      const { formData, failTo } = a
      const postingId = positiveId(params.id ?? null)
      const status = String(formData.get('status') ?? '') as ApplicationStatus
      const ids = formData.getAll('applications').map((v) => Number(v))
      if (!ids.length) return redirectWithToast(back, { type: 'error', message: 'Selecciona al menos un postulante.' })
      const res = postingId ? await businessApi.moveApplicants(context, token, postingId, ids, status) : null
      if (!res?.ok)
        return failTo(res ?? { status: 400 }, back, {
          type: 'error',
          message: res ? joinMessage(res.message) : 'Publicación inválida',
        })
      const n = res.data.moved
      const label = APPLICATION_STATUS_LABELS[status]
      return done(n === 1 ? `Se movió 1 postulación a «${label}».` : `Se movieron ${n} postulaciones a «${label}».`)
    },
    correo: email,
    default: email,
  })(args)
}

/** What the bulk message's form shows after a refusal: the errors, and what was typed and selected. */
interface BulkMessageAnswer {
  formErrors: string[]
  bodyErrors: string[]
  body: string
  selected: number[]
}
type Extra = { bulk: BulkMessageAnswer }

/** A selection that went stale: one of the applicants is no longer visible (a paused profile, decision 76). */
const BULK_STALE = 'Alguno de los postulantes seleccionados ya no está disponible. Recarga la página y vuelve a elegir.'

/**
 * One message into the thread of each selected applicant (decision 108). A refusal comes back to
 * the form with what was typed and selected, JS or not; success goes back to the list, cleared,
 * with «Mensaje enviado a N postulantes.».
 */
async function bulkMessage(
  { formData, context, reply }: Route.ActionArgs & Tools<Extra>,
  posting: string | undefined,
  token: string,
  done: (message: string) => Promise<never>,
) {
  const selected = formData.getAll('applications').map((v) => Number(v))
  const body = String(formData.get('body') ?? '')
  const answer = (status: number, formErrors: string[], bodyErrors: string[] = []) =>
    reply({ bulk: { formErrors, bodyErrors, body, selected } }, status)
  const parsed = bulkThreadMessageSchema.safeParse({ applications: selected, body })
  if (!parsed.success) {
    const issues = parsed.error.issues
    const bodyErrors = issues.filter((i) => i.path[0] === 'body').map((i) => i.message)
    return answer(400, [...new Set(issues.filter((i) => i.path[0] !== 'body').map((i) => i.message))], bodyErrors)
  }
  const postingId = positiveId(posting ?? null)
  const res = postingId
    ? await threadsApi.companyBulkSend(context, token, postingId, parsed.data.applications, parsed.data.body)
    : null
  if (!res?.ok) return answer(res?.status ?? 404, [res && res.status !== 404 ? joinMessage(res.message) : BULK_STALE])
  return done(res.data.message)
}

const STATUS_OPTIONS = APPLICATION_STATUS_OPTIONS
const loadSchema = () => import('#domain/validation/applicant-email').then((m) => m.emailToApplicantSchema)

/** «3 trabajos desde 2019 · Último: Conductora en Mercado Sur». */
function experienceText(e: Applicant['experience']): string {
  if (!e.jobs) return 'Sin experiencia registrada'
  const since = e.since ? ` desde ${e.since.slice(0, 4)}` : ''
  const latest = e.latest_title
    ? ` · Último: ${e.latest_title}${e.latest_company ? ` en ${e.latest_company}` : ''}`
    : ''
  return `${e.jobs} ${e.jobs === 1 ? 'trabajo' : 'trabajos'}${since}${latest}`
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-sm">
      <dt className="font-medium text-slate-600">{label}:</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  )
}

/** A chip, not a button: outlined and rounded, beside the filled primary action. */
const CURRENT_STAGE =
  'inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-slate-100 px-3.5 ' +
  'text-sm font-semibold text-slate-900 whitespace-nowrap'

/** The stage that usually comes next; the last ones have none (going back or out is among the others). */
const NEXT_STAGE: Record<ApplicationStatus, ApplicationStatus | null> = {
  nueva: 'en_revision',
  en_revision: 'contactado',
  contactado: 'seleccionado',
  seleccionado: null,
  descartada: null,
}

/**
 * The stages as buttons, one click each: the current one as a chip, the usual next one as the
 * card's primary action, every other in a row that scrolls sideways on a phone instead of wrapping.
 */
function StageButtons({ applicant }: { applicant: Applicant }) {
  const id = applicant.id_application
  const next = NEXT_STAGE[applicant.status]
  const others = STATUS_OPTIONS.filter((o) => o.value !== applicant.status && o.value !== next)
  const move = (value: ApplicationStatus) => ({
    type: 'submit' as const,
    name: 'status',
    value,
    'aria-label': `Mover a ${APPLICATION_STATUS_LABELS[value]}: ${applicant.name}`,
  })
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex w-full min-w-0 flex-col gap-2 lg:w-auto lg:flex-row lg:gap-4"
    >
      <input type="hidden" name="intent" value="estado" />
      <input type="hidden" name="id_application" value={id} />
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-700" id={`etapa-${id}`}>
          Etapa
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-1.5" role="group" aria-labelledby={`etapa-${id}`}>
          <span aria-current="step" className={CURRENT_STAGE}>
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-700" />
            <span className="sr-only">Etapa actual: </span>
            {APPLICATION_STATUS_LABELS[applicant.status]}
          </span>
          {next ? (
            <button {...move(next)} className={buttonClass('primary', 'whitespace-nowrap')}>
              Mover a {APPLICATION_STATUS_LABELS[next]}
            </button>
          ) : null}
        </div>
      </div>
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-700" id={`otras-etapas-${id}`}>
          Otras etapas
        </p>
        {/* One line that scrolls sideways: a phone keeps every stage one tap away without wrapping.
            Keyed by the stage, so a move starts it again from its first button. */}
        <div
          key={applicant.status}
          className="mt-1 flex gap-1.5 overflow-x-auto overscroll-x-contain pb-1"
          role="group"
          aria-labelledby={`otras-etapas-${id}`}
        >
          {others.map((o) => (
            <button
              key={o.value}
              {...move(o.value)}
              className={buttonClass('secondary', 'shrink-0 px-3 whitespace-nowrap')}
            >
              {o.label}
            </button>
          ))}
        </div>
      </div>
    </Form>
  )
}

function ApplicantCard({
  applicant,
  search,
  visit,
  selected,
}: {
  applicant: Applicant
  search: string
  visit: string
  selected: boolean
}) {
  const profile = `/business/dashboard/conductores/${applicant.id_user}`
  const phone = applicant.phone ? formatChileanMobile(applicant.phone) : ''
  const pick = `elegir-${applicant.id_application}`
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        {/* Tied to the selection's form above the list by its id: it works without JS. */}
        <label htmlFor={pick} className="-m-2 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
          {/* A new visit (the answer to a move or a message) starts with nothing selected; a refused
              message keeps the selection, also without JS. */}
          <input
            key={visit}
            id={pick}
            type="checkbox"
            name="applications"
            value={applicant.id_application}
            defaultChecked={selected}
            form="seleccionados"
            className="h-5 w-5 accent-brand-700"
          />
          <span className="sr-only">Seleccionar a {applicant.name}</span>
        </label>
        <img
          src={applicant.has_photo ? `${profile}/foto` : '/images/default-avatar.svg'}
          alt=""
          width={48}
          height={48}
          className="h-12 w-12 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">
            <Link to={profile} className="inline-flex min-h-11 items-center hover:text-brand-700 hover:underline">
              {applicant.name}
            </Link>
          </h3>
          <p className="text-sm text-slate-700">Postuló el {shortDate(applicant.applied_at)}</p>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {applicant.is_new ? (
              <Badge tone="solid-success" data-testid="postulante-nuevo">
                Sin ver
              </Badge>
            ) : null}
            <ApplicationBadge status={applicant.status} />
          </div>
        </div>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Vehículo">{applicant.name_vehicle ?? 'Sin informar'}</Fact>
        <Fact label="Comuna">{applicant.name_commune ?? 'Sin informar'}</Fact>
        <Fact label="Teléfono">
          {phone ? (
            // A 44 px target that takes one line's height in the row (-my-3: (44 - 20) / 2), so
            // «Teléfono» sits on the same line as «Vehículo» and «Comuna».
            <a
              href={`tel:+${applicant.phone}`}
              className="-my-3 inline-flex min-h-11 items-center font-medium text-brand-700 underline"
            >
              {phone}
            </a>
          ) : (
            'Sin informar'
          )}
        </Fact>
        <Fact label="Correo">{applicant.email}</Fact>
        <Fact label="Documentos">
          <DocumentsBar accepted={applicant.documents_accepted} total={applicant.documents_total} />
        </Fact>
        <Fact label="Experiencia">{experienceText(applicant.experience)}</Fact>
      </dl>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-3">
        <StageButtons applicant={applicant} />
        <div className="flex flex-wrap items-center gap-1.5">
          <Link
            to={withParams('', search, { conversacion: applicant.id_application, correo: null })}
            preventScrollReset
            className={buttonClass('secondary')}
            aria-label={
              applicant.unread_messages
                ? `Mensajes con ${applicant.name}: ${applicant.unread_messages} sin leer`
                : `Mensajes con ${applicant.name}`
            }
          >
            Mensajes
            {applicant.unread_messages ? (
              <Badge tone="solid-success" data-testid="mensajes-sin-leer">
                {applicant.unread_messages}
              </Badge>
            ) : null}
          </Link>
          <Link
            to={withParams('', search, { correo: applicant.id_application })}
            preventScrollReset
            className={buttonClass('ghost')}
            aria-label={`Enviar correo a ${applicant.name}`}
          >
            Enviar correo
          </Link>
        </div>
      </div>
    </li>
  )
}

/** The cards' checkboxes: outside the bar's form in the page, tied to it by their `form` attribute. */
const PICKED = 'input[form="seleccionados"][name="applications"]'

/** How many are checked; the «select all» box follows: checked for all, mixed for some. */
function countPicked(all: HTMLInputElement | null): number {
  const boxes = Array.from(document.querySelectorAll<HTMLInputElement>(PICKED))
  const n = boxes.filter((b) => b.checked).length
  if (all) {
    all.checked = n > 0 && n === boxes.length
    all.indeterminate = n > 0 && n < boxes.length
  }
  return n
}

/** The bar's menus close on Escape (back to their button), and «Mover a» also on a tap outside it. */
function closeMenus(bar: HTMLElement | null, e: Event) {
  const escape = e instanceof KeyboardEvent && e.key === 'Escape'
  for (const d of Array.from(bar?.querySelectorAll('details[open]') ?? [])) {
    if (escape) {
      ;(d as HTMLDetailsElement).open = false
      d.querySelector('summary')?.focus()
    } else if (e.type === 'pointerdown' && d.hasAttribute('data-menu') && !d.contains(e.target as Node)) {
      ;(d as HTMLDetailsElement).open = false
    }
  }
}

/** While a box of the list is checked, the bar floats at the top of the screen, tinted as a mode. */
const SELECTING =
  'group-has-[:checked]/lista:sticky group-has-[:checked]/lista:top-2 group-has-[:checked]/lista:border-brand-500 ' +
  'group-has-[:checked]/lista:bg-brand-50 group-has-[:checked]/lista:shadow-md'

/** A bar's button that opens a menu or a panel below it (a `<summary>`: it opens without JS). */
const BAR_TOGGLE = buttonClass(
  'secondary',
  'cursor-pointer list-none gap-1 px-2 whitespace-nowrap sm:px-3 [&::-webkit-details-marker]:hidden',
)

/**
 * What the company does with the selected applicants (each card's checkbox points at this form),
 * one line at every width: how many are selected, «Mover a» (a menu of the stages, one button
 * each) and «Mensaje» (one message that lands in each one's own thread, decision 108). While
 * something is selected it stays in view at the top as the list scrolls (CSS `:has`, so also
 * without JS). With JS it counts the selection aloud and selects all; without, it says what to do.
 */
function SelectionActions({
  visit,
  answer,
  replyId,
}: {
  visit: string
  answer: BulkMessageAnswer | null
  replyId?: string
}) {
  const hydrated = useHydrated()
  const [count, setCount] = useState(0)
  const all = useRef<HTMLInputElement>(null)
  const bar = useRef<HTMLFormElement>(null)
  // A new visit draws the boxes again (a refused message keeps them checked): count what is there.
  useEffect(() => {
    const recount = () => setCount(countPicked(all.current))
    recount()
    document.addEventListener('change', recount)
    return () => document.removeEventListener('change', recount)
  }, [visit])
  useEffect(() => {
    const close = (e: Event) => closeMenus(bar.current, e)
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [])
  return (
    <Form
      ref={bar}
      method="post"
      id="seleccionados"
      aria-label="Acciones con la selección"
      preventScrollReset
      className={
        // px-2: the «select all» box sits right above the cards' boxes.
        'relative z-20 flex min-w-0 items-center gap-1 rounded-xl border border-slate-200 bg-white px-2 py-1 ' +
        `shadow-sm ${SELECTING}`
      }
    >
      <input type="hidden" name="intent" value="seleccionados" />
      {hydrated ? (
        <label className="inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center">
          <input
            ref={all}
            type="checkbox"
            className="h-5 w-5 accent-brand-700"
            onChange={(e) => {
              for (const box of Array.from(document.querySelectorAll<HTMLInputElement>(PICKED)))
                box.checked = e.currentTarget.checked
              setCount(countPicked(all.current))
            }}
          />
          <span className="sr-only">Seleccionar todo</span>
        </label>
      ) : null}
      <p
        aria-live="polite"
        data-testid="seleccion"
        className="min-w-0 truncate px-1 text-sm font-medium text-slate-800"
      >
        {!hydrated ? 'Marca postulantes' : count ? `Selección: ${count}` : 'Sin selección'}
      </p>
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:ml-2">
        <details key={`mover-${visit}`} name="seleccion" data-menu className="group relative">
          <summary className={BAR_TOGGLE}>
            Mover a
            <span aria-hidden="true" className="text-xs transition-transform group-open:rotate-180 max-sm:hidden">
              ▾
            </span>
          </summary>
          <div
            role="group"
            aria-label="Mover la selección a"
            className={
              'absolute top-full right-0 mt-1 w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg ' +
              'sm:right-auto sm:left-0'
            }
          >
            {STATUS_OPTIONS.map((o) => (
              <button
                key={o.value}
                type="submit"
                name="status"
                value={o.value}
                className={buttonClass('ghost', 'w-full justify-start font-medium')}
                aria-label={`Mover la selección a ${o.label}`}
              >
                {o.label}
              </button>
            ))}
          </div>
        </details>
        {/* Open after a refusal, so the reason and what was typed are in sight (also without JS). */}
        <details key={`mensaje-${visit}`} name="seleccion" open={answer ? true : undefined} className="group">
          <summary className={BAR_TOGGLE}>
            Mensaje
            <span aria-hidden="true" className="text-xs transition-transform group-open:rotate-180 max-sm:hidden">
              ▾
            </span>
          </summary>
          <div
            className={
              'absolute inset-x-0 top-full mt-1 space-y-3 rounded-xl border border-slate-200 bg-white p-4 ' +
              'shadow-lg sm:right-auto sm:w-[32rem]'
            }
          >
            <Alert
              tone="error"
              id="mensaje-seleccionados-error"
              messages={answer?.formErrors}
              replyId={replyId}
              focus
            />
            <TextAreaField
              label="Mensaje"
              hint="Llega a la conversación de cada postulante, con su aviso. Solo texto, hasta 2.000 caracteres."
              errors={answer?.bodyErrors}
              textareaProps={{
                id: 'mensaje-seleccionados',
                name: 'body',
                rows: 4,
                // THREAD_MESSAGE_MAX, written out: the page does not load the validation module (zod).
                maxLength: 2000,
                defaultValue: answer?.body ?? '',
              }}
            />
            <SubmitButton name="enviar" value="mensaje" pendingText="Enviando…">
              Enviar a la selección
            </SubmitButton>
          </div>
        </details>
      </div>
    </Form>
  )
}

/** Newest first, or most documents approved first: links, so no JS is needed. */
function SortLinks({ sort, pathname, search }: { sort: 'fecha' | 'documentos'; pathname: string; search: string }) {
  const items = [
    {
      to: withParams(pathname, search, { orden: null, correo: null, page: null }),
      label: 'Más recientes',
      key: 'fecha',
      current: sort === 'fecha',
    },
    {
      to: withParams(pathname, search, { orden: 'documentos', correo: null, page: null }),
      // One line on a phone: «aprobados» stays in the link's name, out of sight.
      label: (
        <span>
          Más documentos<span className="max-sm:sr-only"> aprobados</span>
        </span>
      ),
      key: 'documentos',
      current: sort === 'documentos',
    },
  ]
  return (
    <nav aria-label="Ordenar postulantes" className="flex flex-wrap items-center gap-1.5 text-sm">
      <span className="font-medium text-slate-700">Ordenar:</span>
      {items.map((i) => (
        <Link
          key={i.key}
          to={i.to}
          preventScrollReset
          aria-current={i.current ? 'page' : undefined}
          className={buttonClass(
            i.current ? 'secondary' : 'ghost',
            i.current ? 'border-brand-700 px-2.5 text-brand-700' : 'px-2.5',
          )}
        >
          {i.label}
        </Link>
      ))}
    </nav>
  )
}

/** The posting's applicants by status, each tab with its count; links, so no JS is needed. */
function StatusFilter({
  status,
  total,
  counts,
  pathname,
  search,
}: {
  status: ApplicationStatus | null
  total: number
  counts: Record<ApplicationStatus, number>
  pathname: string
  search: string
}) {
  const to = (estado: ApplicationStatus | null) => withParams(pathname, search, { estado, correo: null, page: null })
  const items = [
    { to: to(null), label: `Todos (${total})`, current: status === null },
    ...STATUS_OPTIONS.map((o) => ({
      to: to(o.value),
      label: `${o.label} (${counts[o.value]})`,
      current: status === o.value,
    })),
  ]
  return <Tabs items={items} label="Filtrar por estado" />
}

/** No applicant to show: why, and the one thing to do next. */
function EmptyList({
  status,
  total,
  posting,
  pathname,
  search,
}: {
  status: ApplicationStatus | null
  total: number
  posting: { id: number; status: keyof typeof POSTING_STATUS_LABELS }
  pathname: string
  search: string
}) {
  const filtered = status && total > 0
  const hint = filtered
    ? null
    : posting.status === 'draft'
      ? 'Es un borrador: nadie la ve hasta que la publiques.'
      : posting.status === 'closed'
        ? 'La publicación está cerrada y no recibe postulaciones.'
        : 'Cuando alguien postule, aparecerá aquí con sus documentos y su etapa.'
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="font-semibold text-slate-900">
        {filtered
          ? `No hay postulaciones en «${APPLICATION_STATUS_LABELS[status]}».`
          : 'Aún no hay postulantes para esta publicación.'}
      </p>
      {hint ? <p className="mt-1 text-sm text-slate-700">{hint}</p> : null}
      {filtered ? (
        <Link
          to={withParams(pathname, search, { estado: null, correo: null, page: null })}
          className={buttonClass('secondary', 'mt-4')}
        >
          Ver la lista completa ({total})
        </Link>
      ) : posting.status === 'draft' ? (
        <Link to={`/business/dashboard/publicaciones/${posting.id}/editar`} className={buttonClass('primary', 'mt-4')}>
          Editar y publicar
        </Link>
      ) : null}
    </div>
  )
}

function EmailForm({
  applicant,
  business,
  constraint,
  result,
}: {
  applicant: Applicant
  business: BusinessData
  constraint: Constraint
  /** conform's result of the last email sent. */
  result: SubmissionResult<string[]> | undefined
}) {
  const { onValidate, ...loadOn } = useLazyValidation<EmailToApplicantValues>(loadSchema)
  const [form, fields] = useForm<EmailToApplicantValues>({
    id: 'correo-postulante',
    lastResult: result,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const hidden: Array<[string, string]> = [
    ['name_user', applicant.name],
    ['user_email', applicant.email],
    ['email_business', business.email],
    ['name_business', business.name],
    ['phone_business', business.phone],
    ['logo_business', business.logo ?? ''],
  ]
  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} className="space-y-4">
      {hidden.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Alert tone="error" id="correo-error" messages={form.errors} />
      <p className="text-sm text-slate-700">
        Para: <strong>{applicant.name}</strong>. Le llegará firmado por {business.name}, con tu correo y teléfono para
        responder.
      </p>
      <InputField
        label="Asunto"
        inputProps={getInputProps(fields.subject, { type: 'text' })}
        errors={fields.subject.errors}
      />
      <TextAreaField
        label="Mensaje"
        textareaProps={{ ...getTextareaProps(fields.message), rows: 7 }}
        errors={fields.message.errors}
      />
      <SubmitButton name="intent" value="correo" pendingText="Enviando…">
        Enviar correo
      </SubmitButton>
    </Form>
  )
}

export default function ApplicantsRoute({ loaderData: d, actionData }: Route.ComponentProps) {
  const bulk = actionData?.bulk ?? null
  const location = useLocation()
  return (
    <main id="contenido" className="space-y-5">
      <Link
        to="/business/dashboard"
        className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
      >
        ← Volver a mis publicaciones
      </Link>
      <div>
        <h1 className="text-2xl font-bold break-words text-slate-900">Postulantes</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 break-words text-slate-700">
          <span className="min-w-0 break-words">{d.posting.title}</span>
          <Badge tone={d.posting.status === 'open' ? 'success' : d.posting.status === 'draft' ? 'neutral' : 'danger'}>
            {POSTING_STATUS_LABELS[d.posting.status]}
          </Badge>
        </p>
      </div>
      {d.matches ? <InviteDrivers postingId={d.posting.id} card={d.matches} /> : null}
      {d.total > 0 ? (
        <StatusFilter
          status={d.status}
          total={d.total}
          counts={d.status_counts}
          pathname={location.pathname}
          search={location.search}
        />
      ) : null}
      {d.applicants.length === 0 ? (
        <EmptyList
          status={d.status}
          total={d.total}
          posting={d.posting}
          pathname={location.pathname}
          search={location.search}
        />
      ) : (
        // The bar's box: it stays in view while something is selected, as long as the list is.
        <div className="group/lista space-y-3">
          <SortLinks sort={d.sort} pathname={location.pathname} search={location.search} />
          <SelectionActions visit={location.key} answer={bulk} replyId={actionData?.id} />
          <ul className="space-y-3" aria-label="Postulantes">
            {d.applicants.map((a) => (
              <ApplicantCard
                key={a.id_application}
                applicant={a}
                search={location.search}
                visit={location.key}
                selected={bulk?.selected.includes(a.id_application) ?? false}
              />
            ))}
          </ul>
          <Pagination
            page={d.page}
            total={d.status ? d.status_counts[d.status] : d.total}
            pageSize={d.pageSize}
            cap={Infinity}
            label="Páginas de postulantes"
            hrefFor={(n) => withParams(location.pathname, location.search, { page: n, correo: null })}
          />
        </div>
      )}
      {d.talking ? (
        <Modal title={`Mensajes con ${d.talking.name}`} closeTo={d.closeThreadTo}>
          {d.thread ? (
            <ThreadView thread={d.thread} me="company" otherName={d.talking.name} cannotWrite="" />
          ) : (
            <p role="alert">{d.threadError ?? 'No se pudo abrir la conversación.'}</p>
          )}
        </Modal>
      ) : null}
      {d.recipient ? (
        <Modal title={`Enviar correo a ${d.recipient.name}`} closeTo={d.closeTo}>
          {d.business && d.constraint ? (
            <EmailForm
              applicant={d.recipient}
              business={d.business}
              constraint={d.constraint}
              result={actionData?.result}
            />
          ) : (
            <p role="alert">{EMAIL_ERROR}</p>
          )}
        </Modal>
      ) : null}
    </main>
  )
}
