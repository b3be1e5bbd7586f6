import { Form } from 'react-router'
import { securityIntents, securityLoader, type SecurityArgs } from '#app/.server/account-security'
import { requireSession } from '#app/.server/auth'
import { messageList } from '#app/.server/backend/client'
import { staffApi, type FactorEnrolment } from '#app/.server/backend/staff'
import { formAction, withSchema, type Tools } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import type { ActionReply } from '#app/components/action-reply'
import { AccountSecurityPage } from '#app/components/auth/account-security'
import { EnrolmentCode, FactorCodeForm, RecoveryCodeList } from '#app/components/auth/second-factor'
import { SubmitButton } from '#app/components/ui/button'
import { pagePath } from '#app/paths'
import { confirmFactorSchema, disableFactorSchema } from '#domain/validation/staff'
import type { Route } from './+types/security'

const BUSINESS_SECURITY_PATH = pagePath('/business/dashboard/seguridad')

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

/** What the second factor's forms add to the page's reply: the enrolment shown, or the recovery codes once. */
type FactorExtra = {
  factor: 'enrol' | 'codes' | 'disable'
  enrolment: FactorEnrolment
  message: string
  codes: string[]
}
type FactorFeedback = ActionReply<FactorExtra>

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request, context, 'business')
  // The enrolment to show (again), or the page with the service's refusal as a toast.
  const enrolment = async ({ failTo }: Tools<FactorExtra>) => {
    const res = await staffApi.enrol(context, 'business', session.token)
    if (!res.ok)
      return failTo(res, BUSINESS_SECURITY_PATH, { type: 'error', message: messageList(res.message).join(' ') })
    return res.data
  }
  return formAction<SecurityArgs, FactorExtra>({
    ...securityIntents('business', BUSINESS_SECURITY_PATH),
    'factor-start': async (a) => a.reply({ factor: 'enrol', enrolment: await enrolment(a) }),
    'factor-confirm': withSchema(
      confirmFactorSchema,
      async (a) => {
        const res = await staffApi.confirm(context, 'business', session.token, a.value)
        if (!res.ok) {
          const result = a.submission.reply({ formErrors: messageList(res.message) })
          return a.fail(res, { factor: 'enrol', enrolment: await enrolment(a), result })
        }
        return a.reply({ factor: 'codes', message: res.data.message, codes: res.data.recovery_codes })
      },
      { invalid: async (a) => a.reply({ factor: 'enrol', enrolment: await enrolment(a), result: a.result }, 400) },
    ),
    'factor-disable': withSchema(
      disableFactorSchema,
      async ({ value, submission, fail }) => {
        const res = await staffApi.disable(context, session.token, value)
        if (!res.ok) {
          const result = submission.reply({ formErrors: messageList(res.message), hideFields: ['password'] })
          return fail(res, { factor: 'disable', result })
        }
        return redirectWithToast(BUSINESS_SECURITY_PATH, { type: 'success', message: res.data.message })
      },
      { hideFields: ['password'], invalid: async ({ result, reply }) => reply({ factor: 'disable', result }, 400) },
    ),
  })({ request, context, session })
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
  const codes = feedback?.factor === 'codes' ? feedback.codes : undefined
  const enrolment = feedback?.factor === 'enrol' ? feedback.enrolment : undefined
  return (
    <section
      aria-labelledby="dos-pasos-titulo"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="dos-pasos-titulo" className="text-lg font-semibold text-slate-900">
        Verificación en dos pasos
      </h2>
      {codes ? (
        <>
          <p role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
            {feedback?.message}
          </p>
          <RecoveryCodeList codes={codes} />
        </>
      ) : enrolment ? (
        <>
          <EnrolmentCode qrSvg={enrolment.qr_svg} secret={enrolment.secret} />
          <FactorCodeForm
            id="enrol-code"
            intent="factor-confirm"
            label="Código de la aplicación (6 dígitos)"
            submit="Activar"
            pending="Activando…"
            result={feedback?.result}
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

export default function BusinessSecurityRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, now, factor } = loaderData
  const factorFeedback = actionData?.factor ? actionData : undefined
  return (
    <AccountSecurityPage sessions={sessions} now={now} feedback={factorFeedback ? undefined : actionData}>
      <FactorSection enabled={factor.enabled} recoveryLeft={factor.recovery_left} feedback={factorFeedback} />
    </AccountSecurityPage>
  )
}
