import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useActionData, useLoaderData } from 'react-router'
import { signOutIfRefused } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { staffApi } from '#app/.server/backend/staff'
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

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdministrador(request, context)
  const formData = await request.formData()
  const id = positiveId(formData.get('id'))
  const submission = parseWithZod(formData, { schema: staffRoleSchema })
  if (!id || submission.status !== 'success') return data({ id, errors: ['Elige un rol válido.'] }, { status: 400 })
  const res = await staffApi.setRole(context, session.token, id, submission.value)
  if (!res.ok) {
    await reauthIfAsked(request, res, `/admin/equipo#miembro-${id}`)
    await signOutIfRefused(request, res.status)
    return data({ id, errors: messageList(res.message) }, { status: res.status })
  }
  return redirectWithToast(`/admin/equipo#miembro-${id}`, { type: 'success', message: res.data.message })
}

export default function TeamRoute() {
  const { staff, me } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
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
                {actionData?.id === m.id && actionData.errors.length ? (
                  <Alert tone="error" id={`rol-error-${m.id}`} messages={actionData.errors} />
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </Section>
    </>
  )
}
