import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { data, Link, useActionData, useLoaderData } from 'react-router'
import { joinMessage } from '#app/.server/backend/client'
import { publicSiteApi } from '#app/.server/backend/public-site'
import { parseForm } from '#app/.server/checked-forms'
import { ComplaintForm } from '#app/components/public/complaint-form'
import { PageHeader, seoMeta } from '#app/components/public/page'
import { buttonClass } from '#app/components/ui/button'
import {
  COMPLAINT_TYPES,
  complaintTypeLabel,
  INQUIRY_TYPES,
  type ComplaintType,
  type InquiryType,
} from '#domain/reference-data/inquiries'
import { complaintSchema } from '#domain/validation/complaint'
import type { Route } from './+types/ayuda'
import { failureStatus, FORM_FAILURE, honeypotInputProps, outcome, passesHoneypot, siteOrigin } from './site.server'

/** Spec §8: inquiries answers stay 4 s. */
const ALERT_MS = 4000

const STEP_CHOICES: Record<InquiryType, string> = {
  Inquiries: 'Preguntas sobre Fleeters, tu cuenta, pagos o rutas.',
  Complaints: 'Algo salió mal con un servicio y quieres que lo revisemos.',
}

/** The wizard's step is URL state (?tipo=…&reclamo=…): it works without JS and with the back button. */
function wizardState(url: URL) {
  const tipo = url.searchParams.get('tipo')
  const reclamo = url.searchParams.get('reclamo')
  const type = INQUIRY_TYPES.find((t) => t.value === tipo)?.value ?? null
  const complaintType = type === 'Complaints' ? (COMPLAINT_TYPES.find((t) => t.value === reclamo)?.value ?? null) : null
  const step = !type ? 1 : type === 'Complaints' && !complaintType ? 2 : 3
  return { step, type, complaintType } as {
    step: 1 | 2 | 3
    type: InquiryType | null
    complaintType: ComplaintType | null
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  return {
    origin: siteOrigin(request),
    honeypot: await honeypotInputProps(),
    constraint: getZodConstraint(complaintSchema),
    ...wizardState(new URL(request.url)),
  }
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Consultas y reclamos | Fleeters',
    description:
      'Envíanos una consulta o registra un reclamo sobre un servicio de Fleeters. Te responderemos a la brevedad.',
    origin: data?.origin,
    path: '/ayuda',
  })

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  // The values come back, so a person caught by mistake loses nothing.
  if (!(await passesHoneypot(formData))) {
    const result = parseWithZod(formData, { schema: complaintSchema }).reply()
    return data({ result, outcome: outcome('error', FORM_FAILURE, ALERT_MS) }, { status: 400 })
  }
  const submission = parseForm(formData, complaintSchema)
  if (submission.status !== 'success') return data({ result: submission.reply(), outcome: null }, { status: 400 })
  const res = await publicSiteApi.sendInquiry(context, submission.value)
  if (!res.ok) {
    const failure = outcome('error', `Ocurrió un error: ${joinMessage(res.message)}`, ALERT_MS)
    return data({ result: submission.reply(), outcome: failure }, { status: failureStatus(res.status) })
  }
  return { result: submission.reply({ resetForm: true }), outcome: outcome('success', res.data.message, ALERT_MS) }
}

const CHOICE =
  'block h-full rounded-xl border border-slate-300 bg-white p-5 shadow-sm ' +
  'hover:border-brand-600 hover:bg-brand-50 focus-visible:border-brand-600'

function BackLink({ to }: { to: string }) {
  return (
    <Link to={to} className={buttonClass('secondary', 'gap-1 px-4 py-2 text-sm')}>
      <span aria-hidden="true">←</span> Volver
    </Link>
  )
}

export default function HelpRoute() {
  const { step, type, complaintType, honeypot, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const heading = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)
  // With JS a step change is a client navigation: bring screen-reader users to the new step.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    heading.current?.focus()
  }, [step, type, complaintType])

  const total = type === 'Inquiries' ? 2 : 3
  const position = type === 'Inquiries' && step === 3 ? 2 : step
  const title =
    step === 1
      ? '¿Qué quieres hacer?'
      : step === 2
        ? '¿Qué tipo de reclamo es?'
        : type === 'Complaints'
          ? 'Cuéntanos qué pasó'
          : 'Escribe tu consulta'

  return (
    <main id="contenido">
      <PageHeader
        title="Consultas y reclamos"
        intro="Te ayudamos en pocos pasos. Responderemos a tu correo a la brevedad."
      />
      <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        <section aria-labelledby="paso-titulo" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm font-medium text-brand-700">
            Paso {position} de {step === 1 ? '2 o 3' : total}
          </p>
          <h2
            id="paso-titulo"
            ref={heading}
            tabIndex={-1}
            className="mt-1 text-xl font-bold text-slate-900 focus:outline-none"
          >
            {title}
          </h2>

          {step === 1 ? (
            <ul className="mt-5 grid gap-4 sm:grid-cols-2">
              {INQUIRY_TYPES.map((t) => (
                <li key={t.value}>
                  <Link to={`?tipo=${t.value}`} className={CHOICE}>
                    <span className="block text-lg font-bold text-brand-900">{t.label}</span>
                    <span className="mt-1 block text-sm text-slate-700">{STEP_CHOICES[t.value]}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}

          {step === 2 ? (
            <>
              <ul className="mt-5 grid gap-3 sm:grid-cols-2">
                {COMPLAINT_TYPES.map((t) => (
                  <li key={t.value}>
                    <Link
                      to={`?tipo=Complaints&reclamo=${t.value}`}
                      className={`${CHOICE} py-3 font-semibold text-slate-900`}
                    >
                      {t.label}
                    </Link>
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                <BackLink to="/ayuda" />
              </div>
            </>
          ) : null}

          {step === 3 && type ? (
            <>
              <p className="mt-2 mb-4 text-slate-700">
                Tipo: <strong>{type === 'Complaints' ? 'Reclamo' : 'Consulta'}</strong>
                {complaintType ? (
                  <>
                    {' '}
                    · Motivo: <strong>{complaintTypeLabel(complaintType)}</strong>
                  </>
                ) : null}
              </p>
              <ComplaintForm
                type={type}
                complaintType={complaintType}
                result={actionData?.result}
                outcome={actionData?.outcome}
                honeypot={honeypot}
                constraint={constraint}
              />
              <div className="mt-6">
                <BackLink to={complaintType ? '?tipo=Complaints' : '/ayuda'} />
              </div>
            </>
          ) : null}
        </section>
      </div>
    </main>
  )
}
