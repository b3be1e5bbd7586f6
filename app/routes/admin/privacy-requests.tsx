import { Form, href, Link } from 'react-router'
import { messageList } from '#app/.server/backend/client'
import { myDataApi } from '#app/.server/backend/my-data'
import { formAction, withSchema } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { LINK, PageHeader, TD } from '#app/components/admin/console'
import { JsMarker } from '#app/components/js-marker'
import { KIND_LABEL } from '#app/components/privacy/my-data'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { SubmitButton } from '#app/components/ui/button'
import { TextAreaField } from '#app/components/ui/field'
import { Tabs } from '#app/components/ui/tabs'
import { pagePath } from '#app/paths'
import type { AdminPrivacyRequest } from '#domain/contract/my-data'
import { formatDate, formatDateTime } from '#domain/format'
import { positiveId } from '#domain/ids'
import { privacyAnswerSchema } from '#domain/validation/my-data'
import { ANSWER_NOTE_MAX } from '#domain/validation/my-data-constants'
import type { Route } from './+types/privacy-requests'
import { requireAdmin } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Solicitudes de datos | Consola | Fleeters' }]

const PAGE = pagePath('/admin/solicitudes')
/** A pending request this close to its legal deadline is flagged. */
const NEAR_DAYS = 5
const DAY_MS = 24 * 60 * 60 * 1000

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const all = new URL(request.url).searchParams.get('estado') === 'todas'
  const { requests } = await required(request, await myDataApi.adminList(context, session.token, !all))
  return { all, requests, now: Date.now() }
}

/**
 * «Marcar como resuelta» on a rectification: the note goes to the person by mail (audit row in the
 * service). The reply names the request (`answered`) whose form shows it.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args.request, args.context)
  const page = href('/admin/solicitudes')
  return formAction<Route.ActionArgs, { answered: number }>({
    default: withSchema(
      privacyAnswerSchema,
      async ({ context, formData, value, fail }) => {
        const answered = positiveId(formData.get('id'))
        if (!answered) return redirectWithToast(page, { type: 'error', message: 'Acción no válida.' })
        const res = await myDataApi.adminAnswer(context, session.token, answered, value)
        if (!res.ok) return fail(res, { answered, errors: messageList(res.message) })
        return redirectWithToast(page, { type: 'success', message: res.data.message })
      },
      {
        // A plain form: the schema's messages in its alert.
        invalid: async ({ formData, result, reply }) => {
          const answered = positiveId(formData.get('id'))
          if (!answered) return redirectWithToast(page, { type: 'error', message: 'Acción no válida.' })
          return reply({ answered, errors: Object.values(result.error ?? {}).flatMap((m) => m ?? []) }, 400)
        },
      },
    ),
  })(args)
}

/** The legal deadline of a pending request, and a pill when it is near or past. */
function Deadline({ r, now }: { r: AdminPrivacyRequest; now: number }) {
  const left = Date.parse(r.due_at) - now
  return (
    <>
      {formatDate(r.due_at)}
      {r.status === 'pending' && left < 0 ? (
        <Badge tone="danger" className="ml-1">
          Plazo vencido
        </Badge>
      ) : null}
      {r.status === 'pending' && left >= 0 && left < NEAR_DAYS * DAY_MS ? (
        <Badge tone="warning" className="ml-1">
          Vence pronto
        </Badge>
      ) : null}
    </>
  )
}

const STATUS: Record<AdminPrivacyRequest['status'], { label: string; tone: 'warning' | 'success' | 'neutral' }> = {
  pending: { label: 'Pendiente', tone: 'warning' },
  done: { label: 'Resuelta', tone: 'success' },
  cancelled: { label: 'Cancelada', tone: 'neutral' },
}

/** On a phone each row stacks its cells, each with its heading. */
const CELL =
  `${TD} max-sm:block max-sm:px-0 max-sm:py-1 max-sm:before:block ` +
  `max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 ` +
  `max-sm:before:content-[attr(data-label)]`

/**
 * The rights people exercise from «Mis datos» (Ley 21.719; decision 75): who, what, when, the legal
 * deadline (30 days) flagged when near or past, the state and when it was answered. Exports,
 * pauses and opt-outs are answered by the product itself; a rectification is answered here, with
 * a note the person receives by mail.
 */
export default function PrivacyRequests({ loaderData, actionData: feedback }: Route.ComponentProps) {
  const { all, requests, now } = loaderData
  return (
    <>
      <PageHeader title="Solicitudes de datos personales">
        <p className="text-sm font-semibold text-slate-700">
          {requests.length === 1 ? '1 solicitud' : `${requests.length} solicitudes`}
        </p>
      </PageHeader>
      <Tabs
        label="Filtrar solicitudes"
        items={[
          { to: PAGE, label: 'Pendientes', current: !all },
          { to: `${PAGE}?estado=todas`, label: 'Todas', current: all },
        ]}
        className="mb-4"
      />
      {requests.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {all ? 'Aún no hay solicitudes.' : 'No hay solicitudes pendientes.'}
        </p>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white max-sm:px-4 sm:overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 max-sm:block" data-testid="solicitudes">
            <caption className="sr-only">
              Solicitudes de datos personales, las pendientes primero, por plazo legal
            </caption>
            <thead className="bg-slate-50 max-sm:sr-only">
              <tr>
                {['Persona', 'Solicitud', 'Pedida', 'Plazo legal', 'Estado'].map((h) => (
                  <th
                    key={h}
                    scope="col"
                    className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase"
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {requests.map((r) => (
                <tr key={r.id} className="max-sm:block max-sm:py-3">
                  <td className={CELL} data-label="Persona">
                    <Link
                      to={r.role === 'business' ? pagePath('/admin/empresas') : `/admin/conductores/${r.user_id}`}
                      className={LINK}
                    >
                      {r.name}
                    </Link>
                    <span className="block text-xs break-all text-slate-600">
                      {r.role === 'business' ? 'Empresa' : 'Conductor'} · {r.email}
                    </span>
                  </td>
                  <td className={`${CELL} max-w-md`} data-label="Solicitud">
                    {KIND_LABEL[r.kind]}
                    {r.detail ? (
                      <span className="block text-xs break-words whitespace-pre-line text-slate-600">{r.detail}</span>
                    ) : null}
                  </td>
                  <td className={CELL} data-label="Pedida">
                    {formatDateTime(r.requested_at)}
                  </td>
                  <td className={CELL} data-label="Plazo legal">
                    <Deadline r={r} now={now} />
                  </td>
                  <td className={CELL} data-label="Estado">
                    <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
                    {r.answered_at ? (
                      <span className="block text-xs text-slate-600">
                        Respondida el {formatDateTime(r.answered_at)}
                      </span>
                    ) : null}
                    {r.kind === 'rectification' && r.status === 'pending' ? (
                      <AnswerForm
                        id={r.id}
                        errors={feedback?.answered === r.id ? feedback.errors : undefined}
                        replyId={feedback?.id}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

function AnswerForm({ id, errors, replyId }: { id: number; errors?: string[]; replyId?: string }) {
  return (
    <details className="mt-2" open={Boolean(errors?.length)}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-700">
        Marcar como resuelta
      </summary>
      <Form method="post" className="mt-2 space-y-2">
        <JsMarker />
        <input type="hidden" name="id" value={id} />
        <Alert tone="error" messages={errors} replyId={replyId} focus />
        <TextAreaField
          label="Qué corregiste (le llega a la persona por correo)"
          textareaProps={{ id: `nota-${id}`, name: 'note', required: true, maxLength: ANSWER_NOTE_MAX, rows: 3 }}
        />
        <SubmitButton pendingText="Guardando…" className="w-full sm:w-auto">
          Marcar como resuelta
        </SubmitButton>
      </Form>
    </details>
  )
}
