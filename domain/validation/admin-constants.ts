/**
 * What the operations console's pages need without zod (the schemas are in ./admin.ts and run on
 * the server and in the services).
 */

/** The common rejection reasons of the review queue, as the driver reads them. */
export const REJECTION_REASONS = [
  { key: 'ilegible', label: 'Ilegible', text: 'El documento es ilegible. Sube una foto o escaneo nítido.' },
  { key: 'vencido', label: 'Vencido', text: 'El documento está vencido. Sube uno vigente.' },
  { key: 'no_corresponde', label: 'No corresponde', text: 'El archivo no corresponde al documento solicitado.' },
  {
    key: 'datos_no_coinciden',
    label: 'Datos no coinciden',
    text: 'Los datos del documento no coinciden con los del conductor.',
  },
] as const

export type RejectionReasonKey = (typeof REJECTION_REASONS)[number]['key'] | 'otro'

/**
 * Where a testimonial's logo may come from: the product's own partner images, a logo uploaded
 * through the console (served by the business service), or https on these hosts. The list is
 * empty: the pages' Content-Security-Policy (img-src 'self') would block any other host anyway;
 * adding one here means adding it there too.
 */
export const TESTIMONIAL_LOGO_HOSTS: readonly string[] = []
const OWN_LOGO = new RegExp(
  [
    '^/(',
    'images/partners/[a-z0-9][a-z0-9_-]{0,80}\\.(svg|png|webp|jpe?g)',
    '|api/business/logos/[A-Za-z0-9_-]{22,}\\.webp',
    ')$',
  ].join(''),
)

export function isAllowedLogoUrl(value: string): boolean {
  if (value === '') return true
  if (OWN_LOGO.test(value)) return true
  try {
    const url = new URL(value)
    return (
      url.protocol === 'https:' &&
      url.username === '' &&
      url.password === '' &&
      TESTIMONIAL_LOGO_HOSTS.includes(url.hostname) &&
      value.startsWith('https://')
    )
  } catch {
    return false
  }
}

export const REJECTION_REASON_MAX = 300
/** The reason the console gives a company for closing its posting (mailed to it). */
export const CLOSE_REASON_MAX = 500
export const FAQ_QUESTION_MAX = 200
export const FAQ_PARAGRAPH_MAX = 1500
export const FAQ_PARAGRAPHS_MAX = 10
export const TESTIMONIAL_COMMENT_MAX = 600
export const SHORT_TEXT_MAX = 100
export const STATISTIC_VALUE_MAX = 20
export const STATISTIC_DESCRIPTION_MAX = 200

export const ADMIN_MESSAGES = {
  reasonRequired: 'Indica el motivo del rechazo.',
  alreadyReviewed: 'Este documento ya fue revisado por otra persona. No se hicieron cambios.',
  superseded: 'El conductor subió una versión más reciente de este documento. Revisa la nueva.',
  approved: 'Documento aprobado.',
  rejected: 'Documento rechazado. Le avisamos al conductor.',
  /** The viewer draws the pages of a PDF only. */
  notPdf: 'Este documento no es un PDF.',
  saved: 'Cambios guardados.',
  created: 'Elemento creado.',
  deleted: 'Elemento eliminado.',
  moved: 'Orden actualizado.',
  postingClosed: 'Publicación cerrada. Le avisamos a la empresa por correo.',
  closeReasonRequired: 'Indica el motivo del cierre: se lo enviaremos a la empresa.',
  postingAlreadyClosed: 'La publicación ya estaba cerrada.',
  verified: 'Empresa marcada como verificada.',
  unverified: 'Empresa marcada como no verificada.',
  logoRequired: 'Selecciona una imagen para el logo.',
  /** A simple power is approved only once the owner's signature is recorded. */
  signatureMissing:
    'No se puede aprobar el poder simple: falta registrar la firma del dueño del ' +
    'vehículo (su respuesta «ACEPTO» por WhatsApp).',
  signatureRecorded: 'Firma del dueño registrada. Ya puedes aprobar el poder simple.',
  signatureAlready: 'La firma de este poder simple ya estaba registrada. No se hicieron cambios.',
} as const

/** FAQ answers are typed as paragraphs separated by a blank line. */
export function paragraphsFromText(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p.length > 0)
}
