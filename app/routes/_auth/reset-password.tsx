import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigate } from 'react-router'
import { authApi } from '#app/.server/backend/auth'
import { messageList } from '#app/.server/backend/client'
import { fromEnhancedPage } from '#app/.server/forms'
import { setToast } from '#app/.server/toast'
import { NewPasswordFields } from '#app/components/auth/new-password-fields'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { SubmitButton } from '#app/components/ui/button'
import { resetPasswordConfirmSchema, type ResetPasswordConfirmValues } from '#domain/validation/auth'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = () => [
  { title: 'Crear nueva contraseña | Fleeters' },
  { name: 'robots', content: 'noindex' },
]

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return { token, constraint: getZodConstraint(resetPasswordConfirmSchema) }
}

const loadSchema = () => import('#domain/validation/auth').then((m) => m.resetPasswordConfirmSchema)

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: resetPasswordConfirmSchema })
  if (submission.status !== 'success')
    return data(
      { done: null, result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
      { status: 400 },
    )
  const res = await authApi.resetPasswordConfirm(context, {
    token: submission.value.token,
    password: submission.value.password,
  })
  if (!res.ok) {
    const errors = messageList(res.message).map((m) => `Error al recuperar la contraseña, ${m}`)
    return data(
      { done: null, result: submission.reply({ formErrors: errors, hideFields: ['password', 'confirmPassword'] }) },
      { status: res.status },
    )
  }
  if (!fromEnhancedPage(formData)) {
    throw redirect('/login', {
      headers: { 'Set-Cookie': await setToast({ type: 'success', message: res.data.message, durationMs: 3000 }) },
    })
  }
  return data({ done: res.data.message, result: undefined })
}

export default function ResetPasswordRoute() {
  const { token, constraint } = useLoaderData<typeof loader>()
  const { onValidate, ...loadOn } = useLazyValidation<ResetPasswordConfirmValues>(loadSchema)
  const actionData = useActionData<typeof action>()
  const navigate = useNavigate()
  const done = actionData?.done
  useEffect(() => {
    if (!done) return
    // Spec §4: back to /login after 3 s.
    const timer = setTimeout(() => navigate('/login', { replace: true }), 3000)
    return () => clearTimeout(timer)
  }, [done, navigate])
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    defaultValue: { token },
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <main id="contenido" className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900">Crear nueva contraseña</h1>
      {done ? (
        <p role="status" className="mt-6 rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
          {done} Redirigiendo…
        </p>
      ) : !token ? (
        <p className="mt-6 text-slate-700">
          El enlace no es válido.{' '}
          <Link to="/login/recuperar" className="font-medium text-brand-700 hover:underline">
            Solicita uno nuevo
          </Link>
          .
        </p>
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          {...loadOn}
          className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <JsMarker />
          <input {...getInputProps(fields.token, { type: 'hidden' })} />
          {form.errors?.length ? (
            <ul role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
              {form.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
          <NewPasswordFields
            password={fields.password}
            confirmPassword={fields.confirmPassword}
            label="Nueva contraseña"
          />
          <SubmitButton className="w-full" pendingText="Guardando…">
            Guardar contraseña
          </SubmitButton>
        </Form>
      )}
    </main>
  )
}
