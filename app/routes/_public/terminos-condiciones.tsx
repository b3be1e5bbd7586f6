import { Link, useLoaderData } from 'react-router'
import { termsLinks } from '#app/.server/consents'
import { PageHeader, seoMeta } from '#app/components/public/page'
import { formatDate } from '#domain/format'
import { LEGAL_DOCUMENTS } from '#domain/privacy'
import type { Route } from './+types/terminos-condiciones'
import { siteOrigin } from './site.server'

export function loader({ request }: Route.LoaderArgs) {
  // The version and the policy's address come from domain/privacy.ts on the server: the module
  // carries the whole policy, which this page's JS need not.
  const { version, publishedOn } = LEGAL_DOCUMENTS.terms
  return { origin: siteOrigin(request), version, publishedOn, privacy: termsLinks().privacy }
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Términos y condiciones | Fleeters',
    description:
      'Servicios, precio y forma de pago, vigencia, requisitos de los conductores, ' +
      'datos personales y ley aplicable de la plataforma Fleeters.',
    origin: data?.origin,
    path: '/terminos-condiciones',
  })

/** Spec §2: eight sections, with the facts of spec §1. */
function PrivacyLink() {
  const { privacy } = useLoaderData<typeof loader>()
  return (
    <Link to={privacy.path} className="font-semibold text-brand-700 underline">
      {privacy.title}
    </Link>
  )
}

const SECTIONS: Array<{ id: string; title: string; paragraphs: React.ReactNode[] }> = [
  {
    id: 'servicios',
    title: '1. Servicios',
    paragraphs: [
      'Fleeters es una plataforma que conecta a conductores independientes de última ' +
        'milla (los “Fleeters”) con empresas que necesitan transportar su carga. Fleeters ' +
        'no es empleador de los conductores: cada conductor presta sus servicios de forma ' +
        'independiente.',
      'Actualmente el servicio opera en la Región Metropolitana, con expansión ' +
        'planificada a otras regiones del país. Las rutas son micro-sectorizadas, ' +
        'normalmente dentro de una misma comuna, en turnos AM (mañanas) o PM (tardes).',
    ],
  },
  {
    id: 'precio-pago',
    title: '2. Precio y forma de pago',
    paragraphs: [
      'El monto mensual correspondiente a la producción del conductor se paga dentro de ' +
        'los primeros 5 a 10 días hábiles del mes siguiente, mediante transferencia ' +
        'bancaria a la cuenta que el conductor registre en su panel.',
      'Para recibir el pago, el conductor debe emitir previamente una factura con IVA ' +
        'por el monto de su producción. Los montos se expresan en pesos chilenos (CLP).',
    ],
  },
  {
    id: 'vigencia',
    title: '3. Vigencia',
    paragraphs: [
      'Estos términos rigen desde que el conductor crea su cuenta y mientras la ' +
        'mantenga activa. Cualquiera de las partes puede poner término a la relación ' +
        'avisando por escrito con al menos 30 días de anticipación.',
    ],
  },
  {
    id: 'registro-requisitos',
    title: '4. Registro y requisitos del conductor',
    paragraphs: [
      'Crear y mantener una cuenta en Fleeters es gratuito. Para registrarse, el ' +
        'conductor debe ser mayor de 18 años, tener licencia de conducir chilena vigente ' +
        'y contar con iniciación de actividades ante el Servicio de Impuestos Internos ' +
        '(SII). Los conductores extranjeros deben tener visa definitiva.',
      'Se aceptan bicicletas, motos, autos, furgones (de 700 a 1.500 kg) y camiones (de ' +
        '1.500 a 16.000 kg). El conductor debe subir los documentos solicitados en su ' +
        'panel y mantenerlos vigentes; Fleeters los revisa antes de habilitarlo para ' +
        'postular a rutas.',
    ],
  },
  {
    id: 'datos-personales',
    title: '5. Datos personales',
    paragraphs: [
      'Fleeters trata los datos personales de conductores y empresas solo para operar ' +
        'la plataforma: verificar identidad y documentos, asignar rutas, pagar la ' +
        'producción y comunicarse con los usuarios, conforme a la Ley N° 21.719 sobre ' +
        'protección de datos personales.',
      <>
        Los documentos subidos se guardan de forma privada y solo los revisa el equipo de Fleeters. Qué datos tratamos,
        para qué, quién los recibe, cuánto tiempo los guardamos y cómo ejercer tus derechos de acceso, rectificación,
        supresión, oposición, portabilidad y bloqueo se explica en la <PrivacyLink />.
      </>,
    ],
  },
  {
    id: 'ley-aplicable',
    title: '6. Ley aplicable y jurisdicción',
    paragraphs: [
      'Estos términos se rigen por las leyes de la República de Chile. Cualquier ' +
        'controversia será sometida a los tribunales ordinarios de justicia de la ciudad ' +
        'de Santiago.',
    ],
  },
  {
    id: 'miscelaneos',
    title: '7. Misceláneos',
    paragraphs: [
      'Fleeters puede actualizar estos términos; los cambios se publicarán en esta ' +
        'página y, si son relevantes, te pediremos que aceptes la nueva versión la ' +
        'próxima vez que entres a tu panel. Si alguna disposición fuera declarada ' +
        'inválida, las demás seguirán vigentes.',
    ],
  },
  {
    id: 'canales',
    title: '8. Canales de comunicación',
    paragraphs: [
      <>
        Puedes escribirnos mediante el{' '}
        <Link to="/contacto" className="font-semibold text-brand-700 underline">
          formulario de contacto
        </Link>
        , registrar una consulta o un reclamo en{' '}
        <Link to="/ayuda" className="font-semibold text-brand-700 underline">
          Consultas y reclamos
        </Link>
        , o hablarnos por WhatsApp con el botón que aparece en cada página.
      </>,
    ],
  },
]

export default function TermsRoute() {
  const { version, publishedOn } = useLoaderData<typeof loader>()
  return (
    <main id="contenido">
      <PageHeader
        title="Términos y condiciones"
        intro="Las reglas que rigen el uso de la plataforma Fleeters por conductores y empresas."
      >
        <p className="mt-4 text-sm text-slate-600">
          Versión {version}, vigente desde el {formatDate(publishedOn, 'long')}.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        <nav aria-label="Secciones" className="mb-8 rounded-xl bg-slate-50 p-5">
          <ol className="grid gap-1 text-sm sm:grid-cols-2">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-brand-700 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-8">
          {SECTIONS.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titulo`} className="scroll-mt-20">
              <h2 id={`${s.id}-titulo`} className="text-xl font-bold text-slate-900">
                {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
                {s.paragraphs.map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </main>
  )
}
