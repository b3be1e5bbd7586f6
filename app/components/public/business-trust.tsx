import { buttonClass } from '#app/components/ui/button'
import { EXPIRY_REMINDER_DAYS, REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/document-facts'

/** Days before expiry the driver is reminded, in words: «30 y 7 días». */
const REMINDER_DAYS = EXPIRY_REMINDER_DAYS.filter((d) => d > 0).join(' y ')

/**
 * How drivers are validated, from the product's own rules: the documents a
 * driver uploads (domain/reference-data/documents), their review, and their expiry tracking.
 */
const STEPS: Array<{ title: string; text: string }> = [
  {
    title: 'Requisitos para postular',
    text:
      'Mayores de 18 años, con licencia de conducir chilena vigente e iniciación de ' +
      'actividades ante el SII. Si son extranjeros, con visa definitiva.',
  },
  {
    title: `${REQUIRED_DOCUMENT_COUNT} documentos revisados`,
    text:
      'Cédula de identidad, licencia y hoja de vida del conductor, certificado de ' +
      'antecedentes, comprobante de domicilio, padrón, SOAP, permiso de circulación, ' +
      'revisión técnica, gases y fotos del vehículo.',
  },
  {
    title: 'Revisión en menos de 24 horas hábiles',
    text:
      'Nuestro equipo revisa cada documento que sube el conductor. Si algo no cumple, ' +
      'lo rechaza indicando el motivo y el conductor debe subirlo de nuevo.',
  },
  {
    title: 'Vencimientos bajo control',
    text:
      `Registramos la fecha de vencimiento de la cédula, la licencia, el SOAP, el ` +
      `permiso de circulación y la revisión técnica. Avisamos al conductor ${REMINDER_DAYS} ` +
      `días antes, y un documento vencido deja de contar como aprobado.`,
  },
]

export function DriverValidation() {
  return (
    <section aria-labelledby="validacion" className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h2 id="validacion" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Cómo validamos a los conductores
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        Cada conductor de Fleeters sube sus documentos y nuestro equipo los revisa. En cada postulante a tus
        publicaciones ves cuántos de sus {REQUIRED_DOCUMENT_COUNT} documentos están aprobados, para que elijas con esa
        información.
      </p>
      <ol className="mt-8 grid gap-4 sm:grid-cols-2">
        {STEPS.map((step, i) => (
          <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span
              aria-hidden="true"
              className={
                'flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 ' +
                'font-bold text-brand-900'
              }
            >
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold text-brand-900">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-700">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** Which of the page's two forms to use, each with a link to it. */
export function FormChooser() {
  return (
    <section id="formularios" aria-labelledby="formularios-titulo" className="scroll-mt-20">
      <h2 id="formularios-titulo" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        ¿Qué formulario usar?
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold text-brand-900">¿Ya sabes qué flota necesitas?</h3>
          <p className="mt-1 flex-1 text-sm text-slate-700">
            Indica el tipo y la cantidad de vehículos, el turno y la comuna, y nuestro equipo te contacta para armar tu
            flota.
          </p>
          <p className="mt-4">
            <a href="#requerimientos" className={buttonClass('primary')}>
              Ir a requerimientos de flota
            </a>
          </p>
        </li>
        <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="font-semibold text-brand-900">¿Prefieres conversar primero?</h3>
          <p className="mt-1 flex-1 text-sm text-slate-700">
            Si aún no tienes claro qué necesitas o tienes preguntas, déjanos tus datos y un mensaje, y te llamamos.
          </p>
          <p className="mt-4">
            <a href="#contacto-empresas" className={buttonClass('secondary')}>
              Ir al formulario de contacto
            </a>
          </p>
        </li>
      </ul>
    </section>
  )
}
