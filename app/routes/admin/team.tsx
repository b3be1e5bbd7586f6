import { Form, href } from 'react-router'
import { messageList } from '#app/.server/backend/client'
import { staffApi } from '#app/.server/backend/staff'
import { formAction, withSchema } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { DataTable, formatDateTime, PageHeader, Section, TD } from '#app/components/admin/console'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { SubmitButton } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { positiveId } from '#domain/ids'
import { STAFF_ROLE_LABELS, STAFF_ROLE_VALUES } from '#domain/staff-roles'
import { staffRoleSchema } from '#domain/validation/staff'
import type { Route } from './+types/team'
import { reauthIfAsked, requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Equipo | Consola | Fleeters' }]

/**
 * «Equipo» (decision 77): the console's accounts, their role and second factor; administradores
 * change roles (re-authenticated).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  const { staff } = await required(request, await staffApi.staff(context, session.token))
  return { staff, me: session.user.email }
}

const ROLE_INVALID = 'Elige un rol válido.'

/** A role changed, or why not beside its row (`member`); the service may first ask to re-authenticate. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdministrador(args.request, args.context)
  return formAction<Route.ActionArgs, { member: number | null }>({
    default: withSchema(
      staffRoleSchema,
      async ({ request, context, formData, value, reply, fail }) => {
        const member = positiveId(formData.get('id'))
        if (!member) return reply({ member, errors: [ROLE_INVALID] }, 400)
        const res = await staffApi.setRole(context, session.token, member, value)
        if (!res.ok) {
          // Before the central rule that a 403 ends the session: this 403 asks for a recent proof of identity.
          await reauthIfAsked(request, res, `${href('/admin/equipo')}#miembro-${member}`)
          return fail(res, { member, errors: messageList(res.message) })
        }
        return redirectWithToast(`${href('/admin/equipo')}#miembro-${member}`, {
          type: 'success',
          message: res.data.message,
        })
      },
      {
        invalid: async ({ formData, reply }) =>
          reply({ member: positiveId(formData.get('id')), errors: [ROLE_INVALID] }, 400),
      },
    ),
  })(args)
}

export default function TeamRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, me } = loaderData
  return (
    <>
      <PageHeader title="Equipo" />
      <Section title="Cuentas de la consola" id="cuentas">
        <p className="mb-3 text-sm text-slate-700">
          Un <strong>revisor</strong> revisa documentos, poderes y los datos de los conductores que la revisión
          necesita. Un <strong>administrador</strong> además gestiona contenido, empresas y el equipo. Cambiar un rol
          pide confirmar tu identidad. Las cuentas nuevas las crea quien opera el servidor (
          <code>npm run admin:create -- --role revisor</code>), y su primer inicio de sesión les pide activar la
          verificación en dos pasos.
        </p>
        <DataTable headings={['Cuenta', 'Verificación en dos pasos', 'Desde', 'Rol']}>
          {staff.map((m) => (
            <tr key={m.id} id={`miembro-${m.id}`}>
              <td className={TD}>
                <span className="font-semibold">{`${m.firstname} ${m.lastname}`.trim()}</span>
                <span className="block text-xs break-all text-slate-600">{m.email}</span>
              </td>
              <td className={TD}>
                {m.factor_enabled ? <Badge tone="success">Activada</Badge> : <Badge tone="warning">Pendiente</Badge>}
              </td>
              <td className={TD}>{formatDateTime(m.created_at)}</td>
              <td className={TD}>
                {m.email === me ? (
                  STAFF_ROLE_LABELS[m.staff_role]
                ) : (
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="id" value={m.id} />
                    <label className="sr-only" htmlFor={`rol-${m.id}`}>
                      Rol de {m.email}
                    </label>
                    <select
                      id={`rol-${m.id}`}
                      name="role"
                      defaultValue={m.staff_role}
                      className={`${CONTROL} mt-0 w-auto`}
                    >
                      {STAFF_ROLE_VALUES.map((r) => (
                        <option key={r} value={r}>
                          {STAFF_ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>
                    <SubmitButton pendingText="Guardando…">Cambiar rol</SubmitButton>
                  </Form>
                )}
                {actionData?.member === m.id ? (
                  <Alert tone="error" id={`rol-error-${m.id}`} messages={actionData.errors} replyId={actionData.id} />
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </>
  )
}
