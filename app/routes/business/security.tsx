import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useActionData, useLoaderData } from 'react-router'
import { securityAction, securityLoader } from '#app/.server/account-security'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { staffApi, type FactorEnrolment } from '#app/.server/backend/staff'
import { redirectWithToast, required } from '#app/.server/responses'
import { AccountSecurity, type SecurityFeedback, type SessionView } from '#app/components/auth/account-security'
import { EnrolmentCode, FactorCodeForm, RecoveryCodeList } from '#app/components/auth/second-factor'
import { SubmitButton } from '#app/components/ui/button'
import { confirmFactorSchema, disableFactorSchema } from '#domain/validation/staff'
import type { Route } from './+types/security'

const BUSINESS_SECURITY_PATH = '/business/dashboard/seguridad'

export const meta: Route.MetaFunction = () => [{ title: 'Seguridad | Panel de empresa | Fleeters' }]

/**
 * The company's account security (decision 53): password and open sessions; and
 * the optional second factor (decision 77): turn an authenticator app on (QR or secret, a code,
 * 10 recovery codes shown once), or off with the password and a code. Then its login asks a code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, session] = await Promise.all([
    securityLoader(request, context, 'business'),
    requireSession(request, context, 'business'),
  ])
  const factor = await required(request, await staffApi.status(context, 'business', session.token))
  return { ...page, factor }
}

type FactorFeedback =
  | { factor: 'enrol'; enrolment: FactorEnrolment; result?: SubmissionResult<string[]> }
  | { factor: 'codes'; message: string; codes: string[] }
  | { factor: 'disable'; result: SubmissionResult<string[]> }

export async function action({ request, context }: Route.ActionArgs) {
  const intent = String((await request.clone().formData()).get('intent') ?? '')
  if (!intent.startsWith('factor-')) return securityAction(request, context, 'business', BUSINESS_SECURITY_PATH)
  const session = await requireSession(request, context, 'business')
  const formData = await request.formData()
  const enrolment = async () => {
    const res = await staffApi.enrol(context, 'business', session.token)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return redirectWithToast(BUSINESS_SECURITY_PATH, { type: 'error', message: messageList(res.message).join(' ') })
    }
    return res.data
  }
  if (intent === 'factor-start') return { factor: 'enrol', enrolment: await enrolment() } satisfies FactorFeedback
  if (intent === 'factor-confirm') {
    const submission = parseWithZod(formData, { schema: confirmFactorSchema })
    if (submission.status !== 'success')
      return data(
        { factor: 'enrol', enrolment: await enrolment(), result: submission.reply() } satisfies FactorFeedback,
        { status: 400 },
      )
    const res = await staffApi.confirm(context, 'business', session.token, submission.value)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      const result = submission.reply({ formErrors: messageList(res.message) })
      return data({ factor: 'enrol', enrolment: await enrolment(), result } satisfies FactorFeedback, {
        status: res.status,
      })
    }
    return { factor: 'codes', message: res.data.message, codes: res.data.recovery_codes } satisfies FactorFeedback
  }
  if (intent === 'factor-disable') {
    const submission = parseWithZod(formData, { schema: disableFactorSchema })
    if (submission.status !== 'success')
      return data(
        { factor: 'disable', result: submission.reply({ hideFields: ['password'] }) } satisfies FactorFeedback,
        { status: 400 },
      )
    const res = await staffApi.disable(context, session.token, submission.value)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      const result = submission.reply({ formErrors: messageList(res.message), hideFields: ['password'] })
      return data({ factor: 'disable', result } satisfies FactorFeedback, { status: res.status })
    }
    return redirectWithToast(BUSINESS_SECURITY_PATH, { type: 'success', message: res.data.message })
  }
  return data({ factor: 'disable', result: { formErrors: ['Acción no válida.'] } } as FactorFeedback, { status: 400 })
}

function FactorSection({
  enabled,
  recoveryLeft,
  feedback,
}: {
  enabled: boolean
  recoveryLeft: number
  feedback?: FactorFeedback
}) {
  return (
    <section
      aria-labelledby="dos-pasos-titulo"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="dos-pasos-titulo" className="text-lg font-semibold text-slate-900">
        Verificación en dos pasos
      </h2>
      {feedback?.factor === 'codes' ? (
        <>
          <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
            {feedback.message}
          </p>
          <RecoveryCodeList codes={feedback.codes} />
        </>
      ) : feedback?.factor === 'enrol' ? (
        <>
          <EnrolmentCode qrSvg={feedback.enrolment.qr_svg} secret={feedback.enrolment.secret} />
          <FactorCodeForm
            id="enrol-code"
            intent="factor-confirm"
            label="Código de la aplicación (6 dígitos)"
            submit="Activar"
            pending="Activando…"
            result={feedback.result}
          />
        </>
      ) : enabled ? (
        <>
          <p className="text-slate-700">
            Activada: al iniciar sesión te pedimos un código de tu aplicación. Te quedan {recoveryLeft} códigos de
            recuperación.
          </p>
          <h3 className="font-semibold text-slate-900">Desactivar</h3>
          <FactorCodeForm
            id="disable-factor"
            intent="factor-disable"
            label="Código de la aplicación o de recuperación"
            submit="Desactivar verificación en dos pasos"
            pending="Desactivando…"
            recovery
            withPassword
            result={feedback?.factor === 'disable' ? feedback.result : undefined}
          />
        </>
      ) : (
        <>
          <p className="text-slate-700">
            Protege tu cuenta con un código de una aplicación de autenticación además de tu contraseña. Es opcional para
            empresas.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="factor-start" />
            <SubmitButton pendingText="Preparando…">Activar verificación en dos pasos</SubmitButton>
          </Form>
        </>
      )}
    </section>
  )
}

export default function BusinessSecurityRoute() {
  const { sessions, now, factor } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as
    (SecurityFeedback & Partial<FactorFeedback>) | FactorFeedback | undefined
  const factorFeedback =
    actionData && 'factor' in actionData && actionData.factor ? (actionData as FactorFeedback) : undefined
  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Seguridad</h1>
      <AccountSecurity
        sessions={sessions as SessionView[]}
        now={now}
        feedback={factorFeedback ? undefined : (actionData as SecurityFeedback | undefined)}
      />
      <FactorSection enabled={factor.enabled} recoveryLeft={factor.recovery_left} feedback={factorFeedback} />
    </main>
  )
}
