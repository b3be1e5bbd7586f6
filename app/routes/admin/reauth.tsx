import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { messageList } from '#app/.server/backend/client'
import { staffApi } from '#app/.server/backend/staff'
import { formAction, withSchema } from '#app/.server/form-action'
import { redirectWithToast } from '#app/.server/responses'
import { safeRedirectPath } from '#app/.server/safe-redirect'
import { PageHeader, Section } from '#app/components/admin/console'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from '#app/components/ui/alert'
import { CancelLink, SubmitButton } from '#app/components/ui/button'
import { InputField } from '#app/components/ui/field'
import { reauthSchema } from '#domain/validation/staff'
import type { Route } from './+types/reauth'
import { requireAdmin } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Confirma tu identidad | Consola | Fleeters' }]

/** `?volver=<path>`: the console page to go back to (only a path of this site). */
function backOf(request: Request): string {
  const back = safeRedirectPath(new URL(request.url).searchParams.get('volver'))
  return back?.startsWith('/admin') ? back : '/admin'
}

/**
 * Re-authentication (decision 77): before deletions and role changes the console asks for the
 * password or a code of the app once every 10 minutes; then it goes back to the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context)
  return { back: backOf(request) }
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args.request, args.context)
  return formAction<Route.ActionArgs>({
    default: withSchema(
      reauthSchema,
      async ({ request, context, value, submission, fail }) => {
        const res = await staffApi.reauthenticate(context, 'admin', session.token, value)
        if (!res.ok)
          return fail(res, {
            result: submission.reply({ formErrors: messageList(res.message), hideFields: ['password'] }),
          })
        return redirectWithToast(backOf(request), {
          type: 'success',
          message: `${res.data.message} Ya puedes continuar.`,
        })
      },
      { hideFields: ['password'] },
    ),
  })(args)
}

export default function ReauthRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { back } = loaderData
  const [form, fields] = useForm({ id: 'reauth', lastResult: actionData?.result, shouldValidate: 'onSubmit' })
  return (
    <>
      <PageHeader title="Confirma tu identidad" />
      <Section title="Contraseña o código" id="confirmar">
        <Form method="post" {...getFormProps(form)} className="max-w-md space-y-4">
          <JsMarker />
          <p className="text-slate-700">
            Esta acción es delicada. Ingresa tu contraseña, o un código de 6 dígitos de tu aplicación de autenticación.
            Vale por 10 minutos.
          </p>
          {form.errors?.length ? (
            <Alert tone="error" id="reauth-error" messages={[form.errors.join(' ')]} replyId={actionData?.id} />
          ) : null}
          <InputField
            label="Contraseña"
            inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
            errors={fields.password.errors}
          />
          <InputField
            label="O código de la aplicación (6 dígitos)"
            inputProps={{
              ...getInputProps(fields.code, { type: 'text' }),
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
            }}
            errors={fields.code.errors}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pendingText="Confirmando…">Confirmar</SubmitButton>
            <CancelLink to={back}>Volver</CancelLink>
          </div>
        </Form>
      </Section>
    </>
  )
}
