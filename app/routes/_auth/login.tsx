import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigate } from 'react-router'
import { afterLoginPath, secondFactorUrl, startWebSession } from '#app/.server/auth'
import { authApi, type SessionPayload } from '#app/.server/backend/auth'
import { messageList } from '#app/.server/backend/client'
import { parseForm } from '#app/.server/checked-forms'
import { env } from '#app/.server/env'
import { fromEnhancedPage } from '#app/.server/forms'
import { safeRedirectPath } from '#app/.server/safe-redirect'
import { getSession } from '#app/.server/session'
import { setToast } from '#app/.server/toast'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation, type Constraint } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { InputField } from '#app/components/ui/field'
import { emailCodeSchema, loginSchema, type EmailCodeValues, type LoginValues } from '#domain/validation/auth'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = () => [
  { title: 'Iniciar sesión | Fleeters' },
  {
    name: 'description',
    content: 'Ingresa a tu cuenta de Fleeters para postular a rutas de reparto y gestionar tus documentos.',
  },
]

/**
 * `?redirectTo=<path>`: where a guard sent the person from. Only a path of this
 * site is kept (app/.server/safe-redirect.ts); the forms carry it in a hidden field, so it works
 * without JS too, through the email-code step.
 */
function redirectToOf(request: Request): string | null {
  return safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
}

export async function loader({ request }: Route.LoaderArgs) {
  const external = env().config.DRIVER_LOGIN_URL
  if (external) throw redirect(external)
  const redirectTo = redirectToOf(request)
  const session = await getSession(request)
  if (session) throw redirect(afterLoginPath(session.user.role, redirectTo))
  return { redirectTo, constraints: { login: getZodConstraint(loginSchema), code: getZodConstraint(emailCodeSchema) } }
}

async function finishLogin(request: Request, formData: FormData, payload: SessionPayload, redirectTo: string | null) {
  const cookie = await startWebSession(request, payload)
  // The console (always) and companies with an app: the code step before anything (decision 77).
  if (payload.second_factor) throw redirect(secondFactorUrl(redirectTo), { headers: { 'Set-Cookie': cookie } })
  const to = afterLoginPath(payload.role, redirectTo)
  if (fromEnhancedPage(formData)) {
    // The page shows the message and moves on after 2 s (spec §4).
    return data(
      { step: 'done' as const, message: payload.message, redirectTo: to },
      { headers: { 'Set-Cookie': cookie } },
    )
  }
  const headers = new Headers({ 'Set-Cookie': cookie })
  headers.append('Set-Cookie', await setToast({ type: 'success', message: payload.message, durationMs: 3000 }))
  throw redirect(to, { headers })
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  // The hidden field, else the page's own query; checked again, whatever the form sent.
  const redirectTo = safeRedirectPath(formData.get('redirectTo')) ?? redirectToOf(request)
  if (formData.get('intent') === 'code') {
    const submission = parseForm(formData, emailCodeSchema)
    if (submission.status !== 'success')
      return data(
        { step: 'code' as const, token: String(formData.get('token') ?? ''), redirectTo, result: submission.reply() },
        { status: 400 },
      )
    const res = await authApi.validateCode(context, request, submission.value)
    if (!res.ok) {
      return data(
        {
          step: 'code' as const,
          token: submission.value.token,
          redirectTo,
          result: submission.reply({ formErrors: messageList(res.message) }),
        },
        { status: res.status },
      )
    }
    return finishLogin(request, formData, res.data, redirectTo)
  }

  const submission = parseForm(formData, loginSchema)
  if (submission.status !== 'success')
    return data({ step: 'login' as const, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  const res = await authApi.login(context, request, submission.value)
  if (!res.ok) {
    return data(
      {
        step: 'login' as const,
        result: submission.reply({ formErrors: messageList(res.message), hideFields: ['password'] }),
      },
      { status: res.status },
    )
  }
  if (res.data.email_verification) {
    return data({
      step: 'code' as const,
      token: res.data.email_one_time_token,
      email: res.data.email,
      message: res.data.message,
      redirectTo,
      result: undefined,
    })
  }
  return finishLogin(request, formData, res.data, redirectTo)
}

const loadLoginSchema = () => import('#domain/validation/auth').then((m) => m.loginSchema)
const loadCodeSchema = () => import('#domain/validation/auth').then((m) => m.emailCodeSchema)

/** The page to come back to after logging in, carried by each form (works without JS). */
function RedirectToField({ value }: { value: string | null | undefined }) {
  return value ? <input type="hidden" name="redirectTo" value={value} /> : null
}

function LoginForm({
  result,
  constraint,
  redirectTo,
}: {
  result?: SubmissionResult<string[]>
  constraint: Constraint
  redirectTo: string | null
}) {
  const { onValidate, ...loadOn } = useLazyValidation<LoginValues>(loadLoginSchema)
  const [form, fields] = useForm({
    id: 'login',
    lastResult: result,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} className="space-y-4">
      <JsMarker />
      <RedirectToField value={redirectTo} />
      {form.errors?.length ? (
        <Alert tone="error" id="login-error" durationMs={3000} messages={[form.errors.join(' ')]} />
      ) : null}
      <InputField
        label="Correo electrónico"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
        errors={fields.email.errors}
      />
      <InputField
        label="Contraseña"
        inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        errors={fields.password.errors}
      />
      <div className="flex justify-end">
        <Link
          to="/login/recuperar"
          className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
        >
          ¿Olvidaste tu contraseña?
        </Link>
      </div>
      <SubmitButton className="w-full" pendingText="Ingresando…">
        Iniciar sesión
      </SubmitButton>
    </Form>
  )
}

function CodeForm({
  token,
  email,
  message,
  result,
  constraint,
  redirectTo,
}: {
  token: string
  email?: string
  message?: string
  result?: SubmissionResult<string[]>
  constraint: Constraint
  redirectTo: string | null
}) {
  const { onValidate, ...loadOn } = useLazyValidation<EmailCodeValues>(loadCodeSchema)
  const [form, fields] = useForm({
    id: 'email-code',
    lastResult: result,
    constraint,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} className="space-y-4">
      <JsMarker />
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name="token" value={token} />
      <RedirectToField value={redirectTo} />
      <p className="text-slate-700">
        {message ?? 'Te enviamos un código de verificación a tu correo electrónico.'}
        {email ? (
          <>
            {' '}
            Revisa <strong>{email}</strong>.
          </>
        ) : null}
      </p>
      {form.errors?.length ? (
        <Alert tone="error" id="code-error" durationMs={3000} messages={[form.errors.join(' ')]} />
      ) : null}
      <InputField
        label="Código de verificación (6 dígitos)"
        inputProps={{
          ...getInputProps(fields.code, { type: 'text' }),
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          maxLength: 6,
        }}
        errors={fields.code.errors}
      />
      <SubmitButton className="w-full" pendingText="Verificando…">
        Verificar código
      </SubmitButton>
      <p className="text-sm text-slate-600">
        ¿No te llegó?{' '}
        <Link
          to={redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login'}
          className="font-medium text-brand-700 hover:underline"
        >
          Vuelve a iniciar sesión
        </Link>{' '}
        para recibir un código nuevo.
      </p>
    </Form>
  )
}

function Redirecting({ message, to }: { message: string; to: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), 2000)
    return () => clearTimeout(timer)
  }, [navigate, to])
  return (
    <div role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
      {message} Redirigiendo…
    </div>
  )
}

export default function LoginRoute() {
  const actionData = useActionData<typeof action>()
  const { constraints, redirectTo } = useLoaderData<typeof loader>()
  return (
    <main id="contenido" className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900">Iniciar sesión</h1>
      <p className="mt-1 text-slate-700">
        ¿Aún no tienes cuenta?{' '}
        <Link to="/register" className="font-medium text-brand-700 hover:underline">
          Regístrate
        </Link>
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {actionData?.step === 'done' ? (
          <Redirecting message={actionData.message} to={actionData.redirectTo} />
        ) : actionData?.step === 'code' ? (
          <CodeForm
            token={actionData.token}
            email={'email' in actionData ? actionData.email : undefined}
            message={'message' in actionData ? actionData.message : undefined}
            result={actionData.result}
            constraint={constraints.code}
            redirectTo={actionData.redirectTo ?? redirectTo}
          />
        ) : (
          <LoginForm result={actionData?.result} constraint={constraints.login} redirectTo={redirectTo} />
        )}
      </div>
    </main>
  )
}
