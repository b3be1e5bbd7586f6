import { formatDate, formatDateTime as formatMoment } from '#domain/format'
import type { DocumentStatus } from '#domain/reference-data/documents'

/** Small pieces shared by the console's pages. */

/** '23-11-2026 08:13' in Chile's time (domain/format.ts, the product's one formatter). */
export function formatDateTime(iso: string | null | undefined): string {
  return formatMoment(iso, 'numeric')
}

/** '23-11-2026'. */
export function formatDay(iso: string | null | undefined): string {
  return formatDate(iso, 'numeric')
}

export const STATUS_TEXT: Record<DocumentStatus, string> = {
  PENDING: 'En revisión',
  ACCEPTED: 'Aprobado',
  REJECTED: 'Rechazado',
}

const STATUS_STYLE: Record<DocumentStatus | 'NONE', string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  ACCEPTED: 'bg-green-100 text-green-900',
  REJECTED: 'bg-red-100 text-red-900',
  NONE: 'bg-slate-100 text-slate-700',
}

export function StatusBadge({ status }: { status: DocumentStatus | null }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status ?? 'NONE']}`}>{status ? STATUS_TEXT[status] : 'Sin cargar'}</span>
}

export function ValidatedBadge() {
  return <span className="inline-block rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold text-white">Fleeter validado</span>
}

export const ACTION_TEXT: Record<string, string> = {
  'document.approve': 'Aprobó un documento',
  'document.reject': 'Rechazó un documento',
  'company.verify': 'Verificó una empresa',
  'company.unverify': 'Quitó la verificación de una empresa',
  'posting.close': 'Cerró una publicación',
  'admin.create': 'Creó una cuenta de administración',
  'admin.link': 'Emitió un enlace de contraseña',
  'power.signature': 'Registró la firma del dueño (poder simple)',
}

export function actionText(action: string): string {
  if (ACTION_TEXT[action]) return ACTION_TEXT[action]
  const [entity, verb] = action.split('.')
  const what = { faq: 'una pregunta frecuente', testimonial: 'un testimonio', logo: 'un logo', statistic: 'una estadística' }[entity ?? ''] ?? entity
  const does = { create: 'Creó', update: 'Editó', delete: 'Eliminó', move: 'Reordenó' }[verb ?? ''] ?? verb
  return `${does} ${what}`
}

export const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase'
export const TD = 'px-3 py-2 align-top text-sm text-slate-800'
export const BUTTON =
  'inline-flex items-center justify-center gap-1 rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60'
export const BUTTON_SECONDARY =
  'inline-flex items-center justify-center gap-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50'
export const BUTTON_DANGER = 'inline-flex items-center justify-center gap-1 rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800'
export const INPUT =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none'
export const LINK = 'font-semibold text-brand-700 underline-offset-2 hover:underline'

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  )
}

export function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  const headingId = `${id ?? title.replace(/\W+/g, '-').toLowerCase()}-titulo`
  return (
    <section id={id} aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** An inline error next to the form it belongs to. */
export function FormError({ messages }: { messages?: string[] | null }) {
  if (!messages?.length) return null
  return (
    <div role="alert" className="mb-3 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
      {messages.join(' ')}
    </div>
  )
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Verificada</span>
  ) : (
    <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">Sin verificar</span>
  )
}
