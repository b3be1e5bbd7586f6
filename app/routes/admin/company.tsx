import { Form, href, Link, useLocation } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { messageList } from '#app/.server/backend/client'
import { formAction } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { activitySentence } from '#app/components/admin/activity'
import {
  DataTable,
  formatDateTime,
  formatDay,
  LINK,
  PageHeader,
  Section,
  TD,
  VerifiedBadge,
} from '#app/components/admin/console'
import { POSTING_STATUS_LABELS } from '#app/components/marketplace/labels'
import { Alert } from '#app/components/ui/alert'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { Modal } from '#app/components/ui/modal'
import { pagePath } from '#app/paths'
import { formatPhone, formatRut } from '#domain/format'
import { positiveId } from '#domain/ids'
import { ADMIN_MESSAGES, CLOSE_REASON_MAX } from '#domain/validation/admin-constants'
import type { Route } from './+types/company'
import { requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.company.name ?? 'Empresa'} | Consola | Fleeters` },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  const id = positiveId(params.id)
  if (!id) throw new Response(null, { status: 404 })
  return required(request, await adminApi.company(context, session.token, id))
}

/** «Cerrar publicación» (a refusal beside its reason, in the dialog) and «Marcar como verificada». */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrador(args.request, args.context)
  const id = positiveId(args.params.id)
  if (!id) throw new Response(null, { status: 404 })
  const here = href('/admin/empresas/:id', { id: String(id) })
  return formAction<Route.ActionArgs, { reason: string }>({
    // Confirmed in the dialog (?cerrar=ID), with a reason mailed to the company.
    close: async ({ context, formData, reply, fail, failTo }) => {
      const posting = positiveId(formData.get('posting')) ?? 0
      const reason = String(formData.get('reason') ?? '').trim()
      if (!reason) return reply({ errors: [ADMIN_MESSAGES.closeReasonRequired], reason }, 400)
      const res = await adminApi.closePosting(context, session.token, posting, reason)
      if (res.ok) return redirectWithToast(here, { type: 'success', message: res.data.message })
      if (res.status === 400) return fail(res, { errors: messageList(res.message), reason })
      return failTo(res, here, { type: 'error', message: messageList(res.message).join(' ') })
    },
    verify: async ({ context, formData, failTo }) => {
      const res = await adminApi.setVerified(context, session.token, id, formData.get('verified') === '1')
      if (!res.ok) return failTo(res, here, { type: 'error', message: messageList(res.message).join(' ') })
      return redirectWithToast(here, { type: 'success', message: res.data.message })
    },
  })(args)
}

/**
 * «Cerrar publicación» asks first: ?cerrar=ID opens this dialog, a modal with
 * JS and a confirmation section of the page without; the reason is required and goes to the
 * company by mail.
 */
function CloseDialog({
  posting,
  closeTo,
  reply,
}: {
  posting: { id: number; title: string }
  closeTo: string
  reply?: { id: string; errors?: string[]; reason?: string }
}) {
  const errors = reply?.errors
  return (
    <Modal title="Cerrar publicación" closeTo={closeTo}>
      <Form method="post" preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="posting" value={posting.id} />
        <p className="text-sm text-slate-800">
          ¿Cerrar «<strong>{posting.title}</strong>» en nombre de la empresa? Dejará de aparecer para los conductores y
          no recibirá más postulaciones. Le enviaremos un correo a la empresa con el motivo.
        </p>
        <Alert tone="error" className="mb-3 py-2" messages={errors} replyId={reply?.id} />
        <div>
          <label htmlFor="motivo-cierre" className="block text-sm font-semibold text-slate-800">
            Motivo del cierre (se envía a la empresa)
          </label>
          <textarea
            id="motivo-cierre"
            name="reason"
            required
            maxLength={CLOSE_REASON_MAX}
            rows={4}
            defaultValue={reply?.reason}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation page exists to type this reason
            autoFocus
            aria-invalid={errors?.length ? true : undefined}
            className={CONTROL}
          />
          <p className="mt-1 text-xs text-slate-600">Hasta {CLOSE_REASON_MAX} caracteres.</p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
            Cancelar
          </Link>
          <button type="submit" className={buttonClass('danger')}>
            Sí, cerrar publicación
          </button>
        </div>
      </Form>
    </Modal>
  )
}

export default function CompanyDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { company, postings, audit } = loaderData
  const { pathname, search } = useLocation()
  const closing = positiveId(new URLSearchParams(search).get('cerrar'))
  const toClose = closing ? postings.find((jp) => jp.id === closing && jp.status === 'open') : undefined
  return (
    <>
      <p className="mb-3">
        <Link to={pagePath('/admin/empresas')} className={LINK}>
          ← Empresas
        </Link>
      </p>
      <PageHeader title={company.name}>
        <VerifiedBadge verified={company.verified} />
      </PageHeader>
      <div className="space-y-6">
        <Section title="Datos de la empresa">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">RUT</dt>
            <dd>{formatRut(company.rut)}</dd>
            <dt className="font-semibold text-slate-700">Contacto</dt>
            <dd>{company.contact_name}</dd>
            <dt className="font-semibold text-slate-700">Correo</dt>
            <dd className="break-all">{company.email}</dd>
            <dt className="font-semibold text-slate-700">Teléfono</dt>
            <dd>{formatPhone(company.phone)}</dd>
            <dt className="font-semibold text-slate-700">Comuna</dt>
            <dd>{company.name_commune ?? '—'}</dd>
            <dt className="font-semibold text-slate-700">Registro</dt>
            <dd>{formatDay(company.created_at)}</dd>
          </dl>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="verified" value={company.verified ? '0' : '1'} />
            <button type="submit" className={buttonClass(company.verified ? 'secondary' : 'primary')}>
              {company.verified ? 'Quitar verificación' : 'Marcar como verificada'}
            </button>
          </Form>
        </Section>
        <Section title="Publicaciones">
          {postings.length === 0 ? (
            <p className="text-sm text-slate-700">Esta empresa no tiene publicaciones.</p>
          ) : (
            <DataTable headings={['Título', 'Comuna', 'Postulantes', 'Estado', 'Creada', { hidden: 'Acción' }]}>
              {postings.map((jp) => (
                <tr key={jp.id}>
                  <td className={TD}>{jp.title}</td>
                  <td className={TD}>{jp.name_commune}</td>
                  <td className={TD}>{jp.applicants}</td>
                  <td className={TD}>{POSTING_STATUS_LABELS[jp.status]}</td>
                  <td className={TD}>{formatDay(jp.created_at)}</td>
                  <td className={TD}>
                    {jp.status === 'open' ? (
                      <Link
                        to={`?cerrar=${jp.id}`}
                        preventScrollReset
                        className={buttonClass('danger', 'py-1 text-xs')}
                        aria-label={`Cerrar publicación: ${jp.title}`}
                      >
                        Cerrar publicación
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Section>
        <Section title="Historial">
          {audit.length === 0 ? (
            <p className="text-sm text-slate-700">El equipo aún no ha hecho cambios en esta empresa.</p>
          ) : (
            <ul className="space-y-2 text-sm" data-testid="historial-empresa">
              {audit.map((a) => (
                <li key={a.id}>
                  <span className="block text-xs text-slate-600">{formatDateTime(a.created_at)}</span>
                  <span className="block">{activitySentence(a)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      {toClose ? <CloseDialog key={toClose.id} posting={toClose} closeTo={pathname} reply={actionData} /> : null}
    </>
  )
}
