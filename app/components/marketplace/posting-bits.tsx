import { Badge, type BadgeTone } from '#app/components/ui/badge'
import { formatDate } from '#domain/format'
import type { ApplicationStatus } from '#domain/validation/marketplace'
import { APPLICATION_STATUS_LABELS } from './labels'

// The pieces the public home shows too live apart, free of the kit's class merger (home JS budget).
export { CompanyLogo, factList, PayHeadline } from './posting-facts'
export { VerifiedCompanyBadge } from './verified-badge'

/** '12-03-2026', the product's one date style: the same text on the server and in the browser (domain/format.ts). */
export function shortDate(iso: string): string {
  return formatDate(iso, 'numeric', iso)
}

const STATUS_TONES: Record<ApplicationStatus, BadgeTone> = {
  nueva: 'neutral',
  en_revision: 'warning',
  contactado: 'brand',
  seleccionado: 'success',
  descartada: 'danger',
}

export function ApplicationBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={STATUS_TONES[status]}>Postulación: {APPLICATION_STATUS_LABELS[status]}</Badge>
}
