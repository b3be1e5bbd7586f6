import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, Link, useActionData, useLoaderData } from 'react-router'
import { authApi } from '#app/.server/backend/auth'
import { messageList } from '#app/.server/backend/client'
import { parseForm } from '#app/.server/checked-forms'
import { useLazyValidation } from '#app/components/lazy-validation'
import { SubmitButton } from '#app/components/ui/button'
import { InputField } from '#app/components/ui/field'
import { resetPasswordRequestSchema, type ResetPasswordRequestValues } from '#domain/validation/auth'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = () => [
  { title: 'Recuperar contraseña | Fleeters' },
  { name: 'description', content: 'Recibe en tu correo un enlace para crear una nueva contraseña de Fleeters.' },
]

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseForm(formData, resetPasswordRequestSchema)
  if (submission.status !== 'success') return data({ sent: null, result: submission.reply() }, { status: 400 })
  const res = await authApi.resetPassword(context, submission.value)
  if (!res.ok) {
    const errors = messageList(res.message).map((m) => `Error al recuperar la contraseña, ${m}`)
    return data({ sent: null, result: submission.reply({ formErrors: errors }) }, { status: res.status })
  }
  return data({ sent: res.data.message, result: submission.reply({ resetForm: true }) })
}

export function loader() {
  return { constraint: getZodConstraint(resetPasswordRequestSchema) }
}

const loadSchema = () => import('#domain/validation/auth').then((m) => m.resetPasswordRequestSchema)

export default function ForgotPasswordRoute() {
  const actionData = useActionData<typeof action>()
  const { constraint } = useLoaderData<typeof loader>()
  const { onValidate, ...loadOn } = useLazyValidation<ResetPasswordRequestValues>(loadSchema)
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: actionData?.result,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <main id="contenido" className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900">¿Olvidaste tu contraseña?</h1>
      <p className="mt-1 text-slate-700">Escribe tu correo y te enviaremos un enlace para crear una nueva.</p>
      <Form
        method="post"
        {...getFormProps(form)}
        {...loadOn}
        className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        {actionData?.sent ? (
          <p
            role="status"
            className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-sm text-green-900"
          >
            {actionData.sent}
          </p>
        ) : null}
        {form.errors?.length ? (
          <ul role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900">
            {form.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
        <InputField
          label="Correo electrónico"
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <SubmitButton className="w-full">Enviar enlace</SubmitButton>
        <p className="text-center text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Volver a iniciar sesión
          </Link>
        </p>
      </Form>
    </main>
  )
}
