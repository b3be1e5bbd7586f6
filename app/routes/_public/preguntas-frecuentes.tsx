import { Link, useLoaderData } from 'react-router'
import { listOrEmpty, publicSiteApi } from '#app/.server/backend/public-site'
import { FaqAccordion } from '#app/components/public/faq-accordion'
import { PageHeader, seoMeta } from '#app/components/public/page'
import type { Route } from './+types/preguntas-frecuentes'
import { siteOrigin } from './site.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  return { origin: siteOrigin(request), faqs: await listOrEmpty(publicSiteApi.faqs(context)) }
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Preguntas frecuentes | Fleeters',
    description:
      'Requisitos, vehículos aceptados, pagos, turnos y documentos: resolvemos las ' +
      'dudas frecuentes de conductores y empresas.',
    origin: data?.origin,
    path: '/preguntas-frecuentes',
  })

export default function FaqRoute() {
  const { faqs } = useLoaderData<typeof loader>()
  return (
    <main id="contenido">
      <PageHeader title="Preguntas frecuentes" intro="Lo que más nos preguntan conductores y empresas." />
      <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        {faqs.length ? (
          <FaqAccordion faqs={faqs} />
        ) : (
          <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">No hay preguntas frecuentes</p>
        )}
        <p className="mt-8 text-slate-700">
          ¿No encontraste tu respuesta?{' '}
          <Link to="/contacto" className="font-semibold text-brand-700 underline">
            Escríbenos
          </Link>
          .
        </p>
      </div>
    </main>
  )
}
