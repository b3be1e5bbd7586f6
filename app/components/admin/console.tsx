import { Badge, type BadgeTone } from '#app/components/ui/badge'
import { formatDate, formatDateTime as formatMoment } from '#domain/format'
import type { DocumentStatus } from '#domain/reference-data/documents'

/** The console's own pieces (texts of its records, table cells, headings); controls come from the UI kit. */

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

const STATUS_TONE: Record<DocumentStatus | 'NONE', BadgeTone> = {
  PENDING: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'danger',
  NONE: 'neutral',
}

export function StatusBadge({ status }: { status: DocumentStatus | null }) {
  return <Badge tone={STATUS_TONE[status ?? 'NONE']}>{status ? STATUS_TEXT[status] : 'Sin cargar'}</Badge>
}

export function ValidatedBadge() {
  return <Badge tone="solid-success">Fleeter validado</Badge>
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
  'outbox.retry': 'Reintentó el envío de un mensaje',
  'job.run': 'Pidió ejecutar una tarea programada',
}

export function actionText(action: string): string {
  if (ACTION_TEXT[action]) return ACTION_TEXT[action]
  const [entity, verb] = action.split('.')
  const what =
    { faq: 'una pregunta frecuente', testimonial: 'un testimonio', logo: 'un logo', statistic: 'una estadística' }[
      entity ?? ''
    ] ?? entity
  const does = { create: 'Creó', update: 'Editó', delete: 'Eliminó', move: 'Reordenó' }[verb ?? ''] ?? verb
  return `${does} ${what}`
}

export const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase'
export const TD = 'px-3 py-2 align-top text-sm text-slate-800'
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
    <section
      id={id}
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? <Badge tone="success">Verificada</Badge> : <Badge tone="neutral">Sin verificar</Badge>
}

/**
 * The console's lists: a table that scrolls sideways inside its own box on a phone, headings as
 * column headers (`{ hidden: 'Acción' }` for a column named only for screen readers); the rows are
 * the children. `boxed`: a list that is the page's main content, in a card of its own.
 */
export function DataTable({
  headings,
  caption,
  boxed = false,
  children,
}: {
  headings: ReadonlyArray<string | { hidden: string }>
  /** Said to screen readers before the table (what the list is, in what order). */
  caption?: string
  boxed?: boolean
  children: React.ReactNode
}) {
  return (
    <div
      className={
        boxed ? 'relative overflow-x-auto rounded-xl border border-slate-200 bg-white' : 'relative overflow-x-auto'
      }
    >
      <table className="min-w-full divide-y divide-slate-200">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={boxed ? 'bg-slate-50' : undefined}>
          <tr>
            {headings.map((h) => (
              <th key={typeof h === 'string' ? h : h.hidden} scope="col" className={TH}>
                {typeof h === 'string' ? h : <span className="sr-only">{h.hidden}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
}

/** A cell of a `StackTable`: on a phone it shows its heading (`data-label`) above its value. */
export const STACK_TD = [
  TD,
  'max-sm:block max-sm:px-0 max-sm:py-1',
  'max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600',
  'max-sm:before:content-[attr(data-label)]',
].join(' ')

/** A row of a `StackTable`: a card of its own on a phone. */
export const STACK_TR = 'max-sm:block max-sm:py-3'

/**
 * A console list that, on a phone, stacks each row into a card of labelled cells instead of
 * scrolling sideways (the pattern of «Tareas»); the cells are `<td className={STACK_TD}
 * data-label="…">` inside `<tr className={STACK_TR}>`. Headings as `DataTable`'s; `boxed`: a list
 * that is the page's main content, in a card of its own.
 */
export function StackTable({
  headings,
  caption,
  testId,
  boxed = false,
  children,
}: {
  headings: ReadonlyArray<string | { hidden: string }>
  caption: string
  testId?: string
  boxed?: boolean
  children: React.ReactNode
}) {
  return (
    <div className={boxed ? 'rounded-xl border border-slate-200 bg-white sm:overflow-x-auto' : 'sm:overflow-x-auto'}>
      <table className="min-w-full divide-y divide-slate-200 max-sm:block" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={boxed ? 'bg-slate-50 max-sm:sr-only' : 'max-sm:sr-only'}>
          <tr>
            {headings.map((h) => (
              <th key={typeof h === 'string' ? h : h.hidden} scope="col" className={TH}>
                {typeof h === 'string' ? h : <span className="sr-only">{h.hidden}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 max-sm:block${boxed ? ' max-sm:[&>tr]:px-4' : ''}`}>
          {children}
        </tbody>
      </table>
    </div>
  )
}
