import { Badge, type BadgeTone } from '#app/components/ui/badge'
import { formatDate } from '#domain/format'
import { formatPayment } from '#domain/money'
import type { ApplicationStatus } from '#domain/validation/marketplace'
import { APPLICATION_STATUS_LABELS, SHIFT_LABEL } from './labels'

/** The facts a posting card and its detail share (spec §3 "Job posting"). */
export interface PostingFacts {
  title: string
  logo: string | null
  company_name: string
  name_zone: string
  name_region: string
  name_commune: string
  name_vehicle: string
  capacity?: string | null
  time: string
  pawn: 'Si' | 'No'
  payment: string
  payment_amount: number
  payment_period: string
  created_at: string
  status: 'open' | 'closed'
}

/** '12 mar 2026': the same text on the server and in the browser (domain/format.ts). */
export function shortDate(iso: string): string {
  return formatDate(iso, 'short', iso)
}

/** Issue 16 item 4: a company's logo reads at 64 px on every card and detail (smaller only in the company's own header). */
export function CompanyLogo({ src, name, size = 'h-16 w-16' }: { src: string | null; name: string; size?: string }) {
  if (src)
    return <img src={src} alt={`Logo de ${name}`} width={64} height={64} loading="lazy" className={`${size} shrink-0 rounded-lg border border-slate-200 bg-white object-contain`} />
  return (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-brand-50 text-2xl font-bold text-brand-700`}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}

/** The facts under the pay (which is the card's headline, not one fact among others). */
export function factList(p: Pick<PostingFacts, 'name_commune' | 'name_region' | 'name_vehicle' | 'capacity' | 'time' | 'pawn'>): Array<[string, string]> {
  return [
    ['Ubicación', `${p.name_commune}, ${p.name_region}`],
    ['Vehículo', p.capacity ? `${p.name_vehicle} (${p.capacity})` : p.name_vehicle],
    [SHIFT_LABEL, p.time],
    ['Peoneta', p.pawn === 'Si' ? 'Sí' : 'No'],
  ]
}

/**
 * The pay as the headline of a posting (issue 16 item 4): the amount large, its period beside it
 * ('$45.000 por día'), read out as «Pago: $45.000 por día».
 */
export function PayHeadline({ amount, period, className = '' }: { amount: number; period: string; className?: string }) {
  return (
    <p className={`flex flex-wrap items-baseline gap-x-1.5 ${className}`} data-testid="pago">
      <span className="sr-only">Pago: </span>
      <span className="text-2xl font-extrabold text-slate-900">{formatPayment(amount, '')}</span> <span className="text-base font-semibold text-brand-700">{period}</span>
    </p>
  )
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

/**
 * The console verified this company (issue 12 item 9): shown to drivers on its postings and to
 * the company in its own panel. Read out as «Empresa verificada».
 */
export function VerifiedCompanyBadge() {
  return (
    <Badge tone="success" className="shrink-0 px-2" data-testid="empresa-verificada">
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-3.5 w-3.5">
        <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
      </svg>
      <span className="sr-only">Empresa </span>
      Verificada
    </Badge>
  )
}
