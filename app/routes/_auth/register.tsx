import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router'
import { authApi } from '#app/.server/backend/auth'
import { messageList } from '#app/.server/backend/client'
import { termsLinks } from '#app/.server/consents'
import { env } from '#app/.server/env'
import { safeRedirectPath } from '#app/.server/safe-redirect'
import { NewPasswordFields } from '#app/components/auth/new-password-fields'
import { useLazyValidation } from '#app/components/lazy-validation'
import { TermsLabel } from '#app/components/legal/terms-label'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { CheckboxField, InputField } from '#app/components/ui/field'
import { driverRegistrationSchema, type DriverRegistrationValues } from '#domain/validation/auth'
import type { Route } from './+types/register'

export const meta: Route.MetaFunction = () => [
  { title: 'Regístrate como conductor | Fleeters' },
  {
    name: 'description',
    content: 'Crea tu cuenta de conductor Fleeters y empieza a postular a rutas de reparto de última milla.',
  },
]

/**
 * `?redirectTo=<path>`: where the visitor was heading (a posting of the home page). Only a path of
 * this site; it rides on to /login, which lands there after signing in.
 */
function redirectToOf(request: Request, formData?: FormData): string | null {
  return (
    safeRedirectPath(formData?.get('redirectTo')) ??
    safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  )
}

function loginUrl(redirectTo: string | null): string {
  return redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'
}

export function loader({ request }: Route.LoaderArgs) {
  const external = env().config.DRIVER_SIGNUP_URL
  if (external) throw redirect(external)
  return {
    constraint: getZodConstraint(driverRegistrationSchema),
    redirectTo: redirectToOf(request),
    links: termsLinks(),
  }
}

const loadSchema = () => import('#domain/validation/auth').then((m) => m.driverRegistrationSchema)

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const redirectTo = redirectToOf(request, formData)
  const submission = parseWithZod(formData, { schema: driverRegistrationSchema })
  if (submission.status !== 'success') {
    return data(
      { done: false as const, result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
      { status: 400 },
    )
  }
  const { confirmPassword: _confirm, ...payload } = submission.value
  const res = await authApi.register(context, payload)
  if (!res.ok) {
    // Spec §8: 'Algo salio mal: {message}', each server message shown separately.
    const errors = messageList(res.message).map((m) => `Algo salió mal: ${m}`)
    return data(
      {
        done: false as const,
        result: submission.reply({ formErrors: errors, hideFields: ['password', 'confirmPassword'] }),
      },
      { status: res.status },
    )
  }
  return data({ done: true as const, message: res.data.message, result: undefined, redirectTo })
}

export default function RegisterRoute() {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { constraint, redirectTo, links } = useLoaderData<typeof loader>()
  const { onValidate, ...loadOn } = useLazyValidation<DriverRegistrationValues>(loadSchema)
  const [form, fields] = useForm({
    id: 'register',
    lastResult: actionData?.result,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const sending = navigation.state === 'submitting'

  if (actionData?.done) {
    return (
      <main id="contenido" className="mx-auto max-w-lg px-4 py-16">
        <div
          role="alertdialog"
          aria-labelledby="registro-ok"
          aria-describedby="registro-ok-texto"
          className="rounded-xl border border-green-700 bg-green-50 p-6 shadow-sm"
        >
          <h1 id="registro-ok" className="text-xl font-bold text-green-900">
            ¡Registro exitoso!
          </h1>
          <p id="registro-ok-texto" className="mt-2 text-green-900">
            {actionData.message}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={loginUrl(actionData.redirectTo)} className={buttonClass('primary', 'px-4 py-2 text-base')}>
              Iniciar sesión
            </Link>
            <Link to="/" className={buttonClass('secondary', 'px-4 py-2 text-base')}>
              Cerrar
            </Link>
          </div>
        </div>
      </main>
    )
  }

  return (
    <main id="contenido" className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900">Regístrate como conductor</h1>
      <p className="mt-1 text-slate-700">
        ¿Ya tienes cuenta?{' '}
        <Link to={loginUrl(redirectTo)} className="font-medium text-brand-700 hover:underline">
          Inicia sesión
        </Link>
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        {...loadOn}
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2"
      >
        {form.errors?.length ? (
          <div
            role="alert"
            id="register-error"
            className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 sm:col-span-2"
          >
            <ul>
              {form.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {sending ? (
          <p role="status" className="rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-900 sm:col-span-2">
            Estamos procesando tu registro, por favor mantén esta pestaña abierta.
          </p>
        ) : null}
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <InputField
          label="Nombre"
          inputProps={{ ...getInputProps(fields.firstname, { type: 'text' }), autoComplete: 'given-name' }}
          errors={fields.firstname.errors}
        />
        <InputField
          label="Apellido"
          inputProps={{ ...getInputProps(fields.lastname, { type: 'text' }), autoComplete: 'family-name' }}
          errors={fields.lastname.errors}
        />
        <InputField
          label="RUT"
          hint="Ejemplo: 12345678-5"
          inputProps={{ ...getInputProps(fields.rut, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.rut.errors}
        />
        <InputField
          label="Teléfono móvil"
          hint="Celular chileno, por ejemplo +56 9 8765 4321"
          inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel', inputMode: 'tel' }}
          errors={fields.phone.errors}
        />
        <InputField
          className="sm:col-span-2"
          label="Correo electrónico"
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <div className="sm:col-span-2">
          <CheckboxField
            label={<TermsLabel links={links} />}
            inputProps={{ ...getInputProps(fields.acceptTerms, { type: 'checkbox' }), value: 'on' }}
            errors={fields.acceptTerms.errors}
          />
        </div>
        <div className="sm:col-span-2">
          <SubmitButton className="w-full sm:w-auto" pendingText="Registrando…">
            Crear cuenta
          </SubmitButton>
        </div>
      </Form>
    </main>
  )
}
