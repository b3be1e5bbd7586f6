import { Link, useLoaderData } from 'react-router'
import { env } from '#app/.server/env'
import { PageHeader, seoMeta } from '#app/components/public/page'
import { formatDate } from '#domain/format'
import { DATA_CATEGORIES, DATA_RIGHTS, LEGAL_DOCUMENTS, RIGHTS_ANSWER_DAYS } from '#domain/privacy'
import type { Route } from './+types/privacidad'
import { siteOrigin } from './site.server'

export function loader({ request }: Route.LoaderArgs) {
  // The address the team already reads for the contact forms.
  return { origin: siteOrigin(request), email: env().config.TEAM_EMAIL }
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Política de privacidad | Fleeters',
    description:
      'Qué datos personales trata Fleeters, para qué, quién los recibe, cuánto tiempo ' +
      'los guarda y cómo ejercer tus derechos según la Ley 21.719.',
    origin: data?.origin,
    path: '/privacidad',
  })

const POLICY = LEGAL_DOCUMENTS.privacy

/** The sections, in the order a person asks: who, what and why, who else, how long, my rights. */
const SECTIONS = [
  { id: 'responsable', title: 'Quién es responsable de tus datos' },
  { id: 'datos', title: 'Qué datos tratamos, para qué y con qué base legal' },
  { id: 'destinatarios', title: 'Quién recibe tus datos' },
  { id: 'plazos', title: 'Cuánto tiempo guardamos tus datos' },
  { id: 'derechos', title: 'Tus derechos y cómo ejercerlos' },
  { id: 'reclamos', title: 'Si no estás conforme' },
  { id: 'seguridad', title: 'Seguridad y cookies' },
  { id: 'cambios', title: 'Cambios a esta política' },
] as const

const LINK = 'font-semibold text-brand-700 underline'

function Section({ id, children }: { id: (typeof SECTIONS)[number]['id']; children: React.ReactNode }) {
  const index = SECTIONS.findIndex((s) => s.id === id)
  return (
    <section id={id} aria-labelledby={`${id}-titulo`} className="scroll-mt-20">
      <h2 id={`${id}-titulo`} className="text-xl font-bold text-slate-900">
        {index + 1}. {SECTIONS[index]!.title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  )
}

function MailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={LINK}>
      {email}
    </a>
  )
}

export default function PrivacyRoute() {
  const { email } = useLoaderData<typeof loader>()
  return (
    <main id="contenido">
      <PageHeader
        title="Política de privacidad"
        intro={
          'Qué hacemos con tus datos personales, por qué y cómo puedes controlarlos, según ' +
          'la Ley 21.719 de protección de datos personales.'
        }
      >
        <p className="mt-4 text-sm text-slate-600">
          Versión {POLICY.version}, vigente desde el {formatDate(POLICY.publishedOn, 'long')}.
        </p>
      </PageHeader>
      {/* Aligned with the header's title; from 1024 px the sections' index stays in view beside the text. */}
      <div
        className={
          'mx-auto max-w-5xl px-4 pb-12 sm:px-6 lg:grid ' +
          'lg:grid-cols-[minmax(0,42rem)_15rem] lg:items-start lg:justify-between lg:gap-12'
        }
      >
        <nav aria-label="Secciones" className="mb-10 rounded-xl bg-slate-50 p-5 lg:sticky lg:top-24 lg:order-2 lg:mb-0">
          <p className="mb-2 text-sm font-semibold text-slate-900">En esta página</p>
          <ol className="grid gap-x-4 text-sm sm:grid-cols-2 lg:grid-cols-1">
            {SECTIONS.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="flex min-h-11 items-center py-2.5 text-brand-700 hover:underline">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="space-y-12 lg:order-1">
          <Section id="responsable">
            <p>
              El responsable de tus datos es Fleeters, la plataforma que conecta a conductores independientes de última
              milla con empresas que necesitan transportar su carga en Chile. Para cualquier pregunta sobre tus datos o
              para ejercer tus derechos, escríbenos a <MailLink email={email} />.
            </p>
          </Section>

          <Section id="datos">
            <p>
              Solo pedimos los datos que necesitamos para que la plataforma funcione. Así los usamos, grupo por grupo.
              Marcamos con <strong>Protección especial</strong> los datos que la ley considera sensibles o protege de
              forma especial.
            </p>
            <div className="space-y-6 pt-2">
              {DATA_CATEGORIES.map((c) => (
                <article
                  key={c.id}
                  aria-labelledby={`dato-${c.id}`}
                  className="rounded-xl border border-slate-200 bg-white p-5"
                >
                  <h3 id={`dato-${c.id}`} className="text-lg font-semibold text-slate-900">
                    {c.name}
                  </h3>
                  <p className="text-sm text-slate-600">{c.about}</p>
                  <dl className="mt-3 space-y-2 text-[0.9375rem]">
                    <div>
                      <dt className="font-semibold text-slate-900">Qué datos</dt>
                      <dd>{c.data}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold text-slate-900">Para qué</dt>
                      <dd>{c.purpose}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold text-slate-900">Base legal</dt>
                      <dd>{c.legalBasis}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold text-slate-900">Quién los ve</dt>
                      <dd>{c.recipients}</dd>
                    </div>
                  </dl>
                  {c.special ? (
                    <div
                      className={
                        'mt-4 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 ' +
                        'text-[0.9375rem] text-amber-950'
                      }
                    >
                      <p className="font-semibold">Protección especial</p>
                      <p className="mt-1">{c.special}</p>
                    </div>
                  ) : null}
                </article>
              ))}
            </div>
          </Section>

          <Section id="destinatarios">
            <p>
              <strong>Las empresas a las que postulas.</strong> Cuando postulas a una publicación, la empresa que la
              publicó ve tu nombre, foto, correo y celular, la comuna y el tipo de vehículo que indicaste en tu perfil,
              el estado y la fecha de tu postulación, cuántos de tus 22 documentos obligatorios están aprobados, tu
              experiencia laboral y tu «Sobre mí». Nunca ve tus documentos ni tu certificado de antecedentes, tu RUT, tu
              dirección ni tus datos bancarios. Las empresas a las que no postulas no ven nada de ti.
            </p>
            <p>
              <strong>Lo público.</strong> Los datos de los conductores nunca son públicos. El nombre, el logo y las
              publicaciones de cada empresa sí lo son.
            </p>
            <p>
              <strong>Nuestros proveedores.</strong> Empresas que prestan servicios a Fleeters y tratan datos solo por
              encargo nuestro: el servicio de correo electrónico que envía nuestros mensajes, WhatsApp (de Meta, que
              trata los datos fuera de Chile) para el mensaje de firma del poder simple, y los servidores donde
              guardamos la base de datos y los archivos.
            </p>
            <p>
              <strong>Autoridades.</strong> Solo cuando la ley nos obliga, por ejemplo ante una orden judicial o un
              requerimiento del Servicio de Impuestos Internos.
            </p>
            <p>No vendemos tus datos ni los usamos para publicidad.</p>
          </Section>

          <Section id="plazos">
            <p>
              Guardamos cada dato solo mientras lo necesitamos o la ley nos obliga a guardarlo. Después lo borramos.
            </p>
            {/* A list of pairs rather than a table: at 375 px two columns left each period a few words a line. */}
            <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-[0.9375rem]">
              {DATA_CATEGORIES.map((c) => (
                <div key={c.id} className="px-4 py-3 sm:grid sm:grid-cols-5 sm:gap-4">
                  <dt className="font-semibold text-slate-900 sm:col-span-2">{c.name}</dt>
                  <dd className="mt-1 sm:col-span-3 sm:mt-0">{c.retention.text}</dd>
                </div>
              ))}
            </dl>
          </Section>

          <Section id="derechos">
            <p>La Ley 21.719 te da estos derechos sobre tus datos. Ejercerlos es gratis.</p>
            <ul className="space-y-4">
              {DATA_RIGHTS.map((r) => (
                <li key={r.id}>
                  <p>
                    <strong className="text-slate-900">{r.name}.</strong> {r.what}
                  </p>
                  <p className="mt-1 text-[0.9375rem] text-slate-600">Cómo hacerlo hoy: {r.howToday}</p>
                </li>
              ))}
            </ul>
            <p>
              Para lo que no puedes hacer desde tu panel, escríbenos a <MailLink email={email} /> desde el correo de tu
              cuenta, diciendo qué derecho quieres ejercer. Te responderemos dentro de {RIGHTS_ANSWER_DAYS} días
              corridos. Lo que pides desde «Mis datos» queda registrado con su fecha, el plazo y la respuesta, y lo ves
              en «Mis datos» › «Tus solicitudes».
            </p>
            <p>
              Nadie decide automáticamente sobre ti: una persona del equipo revisa cada documento antes de aprobarlo o
              rechazarlo.
            </p>
          </Section>

          <Section id="reclamos">
            <p>
              Si no te respondemos a tiempo o no estás de acuerdo con nuestra respuesta, puedes reclamar ante la{' '}
              <strong>Agencia de Protección de Datos Personales</strong>, la autoridad que vela por el cumplimiento de
              la Ley 21.719. También puedes escribirnos antes por{' '}
              <Link to="/ayuda" className={LINK}>
                Consultas y reclamos
              </Link>
              .
            </p>
          </Section>

          <Section id="seguridad">
            <p>
              Tus documentos y fotos se guardan cifrados, cada archivo con una clave propia, y solo se muestran a quien
              tiene permiso para verlos. Tu contraseña se guarda como una huella cifrada que nadie puede leer, y puedes
              cerrar tus sesiones abiertas desde «Seguridad».
            </p>
            <p>
              Solo usamos cookies necesarias: la de tu sesión y la que muestra los avisos después de una acción. No
              usamos cookies de publicidad ni de analítica.
            </p>
          </Section>

          <Section id="cambios">
            <p>
              Si cambiamos esta política en algo que te importe, publicaremos la nueva versión aquí y, la próxima vez
              que entres a tu panel, te pediremos que la aceptes. Lo mismo hacemos con los{' '}
              <Link to={LEGAL_DOCUMENTS.terms.path} className={LINK}>
                {LEGAL_DOCUMENTS.terms.title}
              </Link>
              .
            </p>
            <p className="text-sm text-slate-600">
              {POLICY.title}, versión {POLICY.version}, vigente desde el {formatDate(POLICY.publishedOn, 'long')}.
            </p>
          </Section>
        </div>
      </div>
    </main>
  )
}
