import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import { afterLoginPath, loginRedirect } from '#app/.server/auth'
import { authApi } from '#app/.server/backend/auth'
import { messageList } from '#app/.server/backend/client'
import { staffApi } from '#app/.server/backend/staff'
import { parseForm } from '#app/.server/checked-forms'
import { safeRedirectPath } from '#app/.server/safe-redirect'
import { getSession } from '#app/.server/session'
import { setToast } from '#app/.server/toast'
import { EnrolmentCode, FactorCodeForm, RecoveryCodeList } from '#app/components/auth/second-factor'
import { buttonClass } from '#app/components/ui/button'
import { confirmFactorSchema, verifyFactorSchema } from '#domain/validation/staff'
import type { Route } from './+types/second-factor'

export const meta: Route.MetaFunction = () => [{ title: 'Verificación en dos pasos | Fleeters' }]

/**
 * The second factor after the password (decision 77): a console account without an app enrols
 * one here (QR or the secret typed, then a code; the 10 recovery codes shown once); an account
 * with one types a code of the app or a recovery code. Plain forms: works without JavaScript.
 */
async function pendingSession(request: Request, context: Route.LoaderArgs['context']) {
  const session = await getSession(request)
  if (!session) throw await loginRedirect(request)
  const role = session.user.role
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'))
  if (role === 'User') throw redirect(afterLoginPath(role, redirectTo))
  const live = await authApi.session(context, role, session.token)
  if (!live.ok) throw await loginRedirect(request)
  return { session, role, state: live.data.second_factor ?? 'ok', redirectTo }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, role, state, redirectTo } = await pendingSession(request, context)
  const next = afterLoginPath(role, redirectTo)
  // Passed: a link on (not a redirect: the page that just showed the recovery codes is this one).
  if (state !== 'enrol') return { state, enrolment: null, next }
  const enrolment = await staffApi.enrol(context, role, session.token)
  if (!enrolment.ok) throw await loginRedirect(request)
  return { state, enrolment: enrolment.data, next }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, role, redirectTo } = await pendingSession(request, context)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'confirm') {
    const submission = parseForm(formData, confirmFactorSchema)
    if (submission.status !== 'success')
      return data({ step: 'enrol' as const, result: submission.reply() }, { status: 400 })
    const res = await staffApi.confirm(context, role, session.token, submission.value)
    if (!res.ok)
      return data(
        { step: 'enrol' as const, result: submission.reply({ formErrors: messageList(res.message) }) },
        { status: res.status },
      )
    return {
      step: 'codes' as const,
      message: res.data.message,
      codes: res.data.recovery_codes,
      next: afterLoginPath(role, redirectTo),
    }
  }
  const submission = parseForm(formData, verifyFactorSchema)
  if (submission.status !== 'success')
    return data({ step: 'verify' as const, result: submission.reply() }, { status: 400 })
  const res = await staffApi.verify(context, role, session.token, submission.value)
  if (!res.ok)
    return data(
      { step: 'verify' as const, result: submission.reply({ formErrors: messageList(res.message) }) },
      { status: res.status },
    )
  throw redirect(afterLoginPath(role, redirectTo), {
    headers: { 'Set-Cookie': await setToast({ type: 'success', message: res.data.message, durationMs: 3000 }) },
  })
}

export default function SecondFactorRoute() {
  const { state, enrolment, next } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <main id="contenido" className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-bold text-slate-900">Verificación en dos pasos</h1>
      <div className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {actionData?.step === 'codes' ? (
          <>
            <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
              {actionData.message}
            </p>
            <RecoveryCodeList codes={actionData.codes} />
            <Link to={actionData.next} className={buttonClass('primary', 'w-full')}>
              Ya los guardé, continuar
            </Link>
          </>
        ) : state === 'ok' ? (
          <>
            <p className="text-slate-700">Ya verificaste tu identidad en esta sesión.</p>
            <Link to={next} className={buttonClass('primary', 'w-full')}>
              Continuar
            </Link>
          </>
        ) : state === 'enrol' && enrolment ? (
          <>
            <p className="text-slate-700">
              Para entrar a la consola necesitas una aplicación de autenticación en tu teléfono. Actívala ahora:
            </p>
            <EnrolmentCode qrSvg={enrolment.qr_svg} secret={enrolment.secret} />
            <FactorCodeForm
              id="enrol-code"
              intent="confirm"
              label="Código de la aplicación (6 dígitos)"
              submit="Activar"
              pending="Activando…"
              result={actionData?.step === 'enrol' ? actionData.result : undefined}
            />
          </>
        ) : (
          <>
            <p className="text-slate-700">
              Ingresa el código de 6 dígitos de tu aplicación de autenticación, o uno de tus códigos de recuperación.
            </p>
            <FactorCodeForm
              id="factor-code"
              intent="verify"
              label="Código de verificación"
              submit="Verificar"
              pending="Verificando…"
              recovery
              result={actionData?.step === 'verify' ? actionData.result : undefined}
            />
          </>
        )}
        <Form method="post" action="/logout">
          <button type="submit" className={buttonClass('ghost', 'w-full')}>
            Cancelar y cerrar sesión
          </button>
        </Form>
        <p className="text-sm text-slate-600">
          ¿Perdiste tu teléfono y tus códigos?{' '}
          <Link to="/contacto" className="font-medium text-brand-700 hover:underline">
            Escríbenos
          </Link>
          .
        </p>
      </div>
    </main>
  )
}
