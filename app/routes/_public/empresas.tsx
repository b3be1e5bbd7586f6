import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Link, useActionData, useLoaderData } from 'react-router'
import { messageList } from '#app/.server/backend/client'
import { listOrEmpty, publicSiteApi } from '#app/.server/backend/public-site'
import { parseForm } from '#app/.server/checked-forms'
import { BusinessContactForm } from '#app/components/public/business-contact-form'
import { DriverValidation, FormChooser } from '#app/components/public/business-trust'
import { FleetRequestForm } from '#app/components/public/fleet-request-form'
import { PageHeader, seoMeta } from '#app/components/public/page'
import { PartnerStrip } from '#app/components/public/partner-strip'
import { Statistics } from '#app/components/public/statistics'
import { Testimonials } from '#app/components/public/testimonials'
import { buttonClass } from '#app/components/ui/button'
import { businessContactSchema } from '#domain/validation/contact'
import { fleetRequestSchema } from '#domain/validation/fleet-request'
import { isBusinessContactSubmissionEmpty } from '#domain/validation/submission'
import type { Route } from './+types/empresas'
import { fleetDraft, loadLocation } from './empresas.server'
import { failureStatus, FORM_FAILURE, honeypotInputProps, outcome, passesHoneypot, siteOrigin } from './site.server'

/** Spec §8: business contact 3 s; fleet requirements success 4 s, errors 5 s. */
const CONTACT_MS = 3000
const FLEET_OK_MS = 4000
const FLEET_ERROR_MS = 5000

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  // Why a company can trust Fleeters: the home page's numbers, logos and
  // testimonials, from the same content; each may fail without breaking the page.
  const [statistics, testimonials, logos] = await Promise.all([
    listOrEmpty(publicSiteApi.statistics(context)),
    listOrEmpty(publicSiteApi.testimonials(context)),
    listOrEmpty(publicSiteApi.companyLogos(context)),
  ])
  return {
    origin: siteOrigin(request),
    statistics,
    testimonials,
    logos,
    honeypot: await honeypotInputProps(),
    draft: fleetDraft(url),
    location: await loadLocation(context, url.searchParams.get('id_zone'), url.searchParams.get('id_region')),
    constraints: { fleet: getZodConstraint(fleetRequestSchema), contact: getZodConstraint(businessContactSchema) },
  }
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Empresas: conductores de última milla a demanda | Fleeters',
    description:
      'Conductores validados a demanda para tu empresa: simplifica tu operación y ' +
      'reduce costos. Cuéntanos tus requerimientos de flota.',
    origin: data?.origin,
    path: '/empresas',
  })

async function contactAction(formData: FormData, context: Route.ActionArgs['context']) {
  if (isBusinessContactSubmissionEmpty(Object.fromEntries(formData)))
    return { form: 'contacto' as const, result: undefined, outcome: null }
  const submission = parseForm(formData, businessContactSchema)
  if (submission.status !== 'success')
    return data({ form: 'contacto' as const, result: submission.reply(), outcome: null }, { status: 400 })
  const res = await publicSiteApi.sendBusinessContact(context, submission.value)
  if (!res.ok) {
    const failure = outcome('error', 'Ocurrió un error al enviar el mensaje.', CONTACT_MS)
    return data(
      { form: 'contacto' as const, result: submission.reply(), outcome: failure },
      { status: failureStatus(res.status) },
    )
  }
  return {
    form: 'contacto' as const,
    result: submission.reply({ resetForm: true }),
    outcome: outcome('success', 'Mensaje enviado correctamente.', CONTACT_MS),
  }
}

async function fleetAction(formData: FormData, context: Route.ActionArgs['context']) {
  const location = await loadLocation(context, formData.get('id_zone'), formData.get('id_region'))
  const submission = parseForm(formData, fleetRequestSchema)
  if (submission.status !== 'success')
    return data({ form: 'flota' as const, result: submission.reply(), outcome: null, location }, { status: 400 })
  const res = await publicSiteApi.sendFleetRequest(context, submission.value)
  if (!res.ok) {
    // Spec §5: for fleet requirements each server message is shown separately.
    const failure = outcome(
      'error',
      messageList(res.message).map((m) => `Error al enviar el mensaje: ${m}`),
      FLEET_ERROR_MS,
    )
    return data(
      { form: 'flota' as const, result: submission.reply(), outcome: failure, location },
      { status: failureStatus(res.status) },
    )
  }
  const fresh = { zone: '', region: '', regions: [], communes: [] }
  return {
    form: 'flota' as const,
    result: submission.reply({ resetForm: true }),
    outcome: outcome('success', res.data.message, FLEET_OK_MS),
    location: fresh,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData()
  const form = formData.get('intent') === 'flota' ? ('flota' as const) : ('contacto' as const)
  if (!(await passesHoneypot(formData))) {
    // The values come back, so a person caught by mistake loses nothing.
    const schema = form === 'flota' ? fleetRequestSchema : businessContactSchema
    const ms = form === 'flota' ? FLEET_ERROR_MS : CONTACT_MS
    const location =
      form === 'flota' ? await loadLocation(context, formData.get('id_zone'), formData.get('id_region')) : undefined
    return data(
      {
        form,
        result: parseWithZod(formData, { schema }).reply(),
        outcome: outcome('error', FORM_FAILURE, ms),
        location,
      },
      { status: 400 },
    )
  }
  return form === 'flota' ? fleetAction(formData, context) : contactAction(formData, context)
}

export default function CompaniesRoute() {
  const { honeypot, draft, location, constraints, statistics, testimonials, logos } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const contact = actionData?.form === 'contacto' ? actionData : undefined
  const fleet = actionData?.form === 'flota' ? actionData : undefined
  return (
    <main id="contenido">
      <PageHeader
        title="Conductores de última milla para tu empresa"
        intro={
          'Conductores independientes validados a demanda: simplifica tu operación y reduce ' +
          'costos, sin flota propia. Hoy en la Región Metropolitana y pronto en más ' +
          'regiones.'
        }
      >
        <p className="mt-4 flex flex-wrap gap-3">
          <Link to="/empresas/registro" className={buttonClass('primary', 'px-5 py-2.5 text-base')}>
            Registra tu empresa
          </Link>
          <a href="#formularios" className={buttonClass('secondary', 'px-5 py-2.5 text-base')}>
            Cuéntanos qué necesitas
          </a>
        </p>
      </PageHeader>
      <DriverValidation />
      <Statistics stats={statistics} />
      <PartnerStrip logos={logos} />
      <Testimonials testimonials={testimonials} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 pb-12 sm:px-6">
        <FormChooser />
        <section
          id="requerimientos"
          aria-labelledby="requerimientos-titulo"
          className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="requerimientos-titulo" className="text-xl font-bold text-slate-900">
            Requerimientos de flota
          </h2>
          <p className="mt-1 mb-4 text-slate-700">Cuéntanos qué vehículos necesitas, dónde y en qué turno.</p>
          <FleetRequestForm
            // A new form after a success: the zone/region choices start over with the fields.
            key={fleet?.outcome?.type === 'success' ? fleet.outcome.stamp : 'flota'}
            result={fleet?.result}
            outcome={fleet?.outcome}
            location={fleet?.location ?? location}
            draft={fleet?.outcome?.type === 'success' ? {} : draft}
            honeypot={honeypot}
            constraint={constraints.fleet}
          />
        </section>
        <section
          id="contacto-empresas"
          aria-labelledby="contacto-empresas-titulo"
          className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="contacto-empresas-titulo" className="text-xl font-bold text-slate-900">
            Contáctanos
          </h2>
          <p className="mt-1 mb-4 text-slate-700">¿Prefieres conversar primero? Déjanos tus datos y te llamamos.</p>
          <BusinessContactForm
            result={contact?.result}
            outcome={contact?.outcome}
            honeypot={honeypot}
            constraint={constraints.contact}
          />
        </section>
      </div>
    </main>
  )
}
