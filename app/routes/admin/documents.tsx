import { Form, Link, useLoaderData } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { required } from '#app/.server/responses'
import { formatDateTime, LINK, PageHeader, STACK_TD, STACK_TR, StackTable } from '#app/components/admin/console'
import { QUEUE_PARTS, QueueCounts, queueCountWords } from '#app/components/admin/queue-counts'
import { Badge } from '#app/components/ui/badge'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { formatInteger, formatRut } from '#domain/format'
import { PHOTO_FLAG_REVIEW } from '#domain/photo-quality'
import { DOCUMENT_SLOTS, isDocumentSlotKey } from '#domain/reference-data/documents'
import { QUEUE_DUES, QUEUE_ORIGINS, type QueueDue, type QueueOrigin } from '#domain/validation/admin'
import { describeDue } from '#domain/working-hours'
import type { Route } from './+types/documents'
import { filterQuery, queueFilters, requireAdmin } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Revisión de documentos | Consola | Fleeters' }]

/**
 * The review queue: PENDING documents, soonest due first (24 working hours after the upload, so
 * oldest first), with the counts of late, due today and on time (each a link to that part); by
 * slot, origin, driver and due time (a GET form).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const filters = queueFilters(new URL(request.url))
  if (filters.slot && !isDocumentSlotKey(filters.slot)) filters.slot = undefined
  if (filters.origin && !isQueueOrigin(filters.origin)) filters.origin = undefined
  if (filters.alerts !== 'flagged') filters.alerts = undefined
  if (filters.due && !isQueueDue(filters.due)) filters.due = undefined
  const queue = await required(request, await adminApi.queue(context, session.token, filters))
  // The due labels are written here, on the server: the working-hours clock never ships to browsers.
  const clock = new Date(queue.now)
  const dueLabels = queue.documents.map((d) => describeDue(new Date(d.due_at), d.age_hours, d.late, clock))
  // Each count's link: its part of the queue under the other filters; the selected one leads back to all.
  const dueHrefs = Object.fromEntries(
    QUEUE_DUES.map((d) => [
      d,
      `/admin/documentos${filterQuery({ ...filters, due: d === filters.due ? undefined : d })}`,
    ]),
  ) as Record<QueueDue, string>
  // The photo checks' words, per row («posible desenfoque»).
  const alerts = queue.documents.map((d) => d.photo_flags.map((f) => PHOTO_FLAG_REVIEW[f]))
  return { filters, query: filterQuery(filters), ...queue, dueLabels, dueHrefs, alerts }
}

/** On a phone, where each document is a card, its links are 44 px tall targets. */
const PHONE_TARGET = 'max-sm:flex max-sm:min-h-11 max-sm:items-center'

export default function DocumentQueue() {
  const { filters, query, documents, total, counts, dueLabels, dueHrefs, alerts } = useLoaderData<typeof loader>()
  const filtered = Boolean(filters.slot || filters.origin || filters.driver || filters.alerts || filters.due)
  // The pending documents of the other filters: the three counts add up to it, whatever `due` shows.
  const pending = counts.late + counts.due_today + counts.on_time
  // A driver filter's figures are counted only up to a cap (decision 117).
  const capped = Boolean(filters.driver)
  const due = filters.due as QueueDue | undefined
  return (
    <>
      <PageHeader title="Revisión de documentos">
        <p className="text-sm font-semibold text-slate-700" data-testid="pendientes-total">
          {pending === 1
            ? '1 documento pendiente'
            : `${capitalised(queueCountWords(pending, capped))} documentos pendientes`}
        </p>
      </PageHeader>
      <div className="mb-4">
        <QueueCounts counts={counts} capped={capped} current={due} href={(part) => dueHrefs[part]} />
      </div>
      <Form
        method="get"
        role="search"
        aria-label="Filtrar documentos"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <label className="block min-w-56 text-sm font-semibold text-slate-800">
          Documento
          <select name="slot" defaultValue={filters.slot ?? ''} className={CONTROL}>
            <option value="">Todos</option>
            {DOCUMENT_SLOTS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <label className="block min-w-48 text-sm font-semibold text-slate-800">
          Carga
          <select name="origin" defaultValue={filters.origin ?? ''} className={CONTROL}>
            <option value="">Todas</option>
            <option value="first">Primera carga</option>
            <option value="reupload">Carga repetida</option>
          </select>
        </label>
        <label className="block min-w-48 text-sm font-semibold text-slate-800">
          Alertas de la foto
          <select name="alerts" defaultValue={filters.alerts ?? ''} className={CONTROL}>
            <option value="">Todas</option>
            <option value="flagged">Con alertas</option>
          </select>
        </label>
        <label className="block min-w-40 text-sm font-semibold text-slate-800">
          Plazo
          <select name="due" defaultValue={filters.due ?? ''} className={CONTROL}>
            <option value="">Todos</option>
            {QUEUE_PARTS.map((part) => (
              <option key={part.due} value={part.due}>
                {part.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block min-w-64 flex-1 text-sm font-semibold text-slate-800">
          Conductor
          <input
            type="search"
            name="driver"
            defaultValue={filters.driver ?? ''}
            placeholder="Nombre, RUT completo o correo"
            className={CONTROL}
          />
        </label>
        <button type="submit" className={buttonClass('primary')}>
          Filtrar
        </button>
        {filtered ? (
          <Link to="/admin/documentos" className={buttonClass('secondary')}>
            Quitar filtros
          </Link>
        ) : null}
      </Form>
      {documents.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          {!filtered
            ? 'No hay documentos pendientes. ¡Todo al día!'
            : due && !filters.slot && !filters.origin && !filters.driver
              ? EMPTY_DUE[due]
              : 'Ningún documento pendiente coincide con los filtros.'}
        </p>
      ) : (
        <>
          <StackTable
            boxed
            caption="Documentos pendientes, el que vence antes primero"
            headings={['Subido', 'Plazo', 'Documento', 'Conductor', 'Tipo', { hidden: 'Acción' }]}
          >
            {documents.map((d, i) => (
              <tr key={d.id} className={STACK_TR}>
                <td className={STACK_TD} data-label="Subido">
                  {formatDateTime(d.date_upload)}
                </td>
                <td className={STACK_TD} data-label="Plazo">
                  <Badge tone={d.late ? 'danger' : 'neutral'}>{capitalised(dueLabels[i] ?? '')}</Badge>
                  <span className="block text-xs text-slate-600">
                    {`${formatInteger(Math.floor(d.age_hours))} h hábiles en cola`}
                  </span>
                </td>
                <td className={`${STACK_TD} font-semibold`} data-label="Documento">
                  {d.title}
                  {alerts[i]?.length ? (
                    <span className="mt-1 flex flex-wrap gap-1 font-normal" data-testid="alertas-fila">
                      {alerts[i].map((a) => (
                        <Badge key={a} tone="warning">
                          {a}
                        </Badge>
                      ))}
                    </span>
                  ) : null}
                </td>
                <td className={STACK_TD} data-label="Conductor">
                  {d.driver.name}
                  <span className="block text-xs text-slate-600">{formatRut(d.driver.rut) || d.driver.email}</span>
                </td>
                <td className={STACK_TD} data-label="Tipo">
                  {d.type_name === 'application/pdf' ? 'PDF' : 'Imagen'}
                </td>
                <td className={STACK_TD}>
                  <Link
                    to={`/admin/documentos/${d.id}${query}`}
                    className={`${LINK} ${PHONE_TARGET}`}
                    aria-label={`Revisar ${d.title} de ${d.driver.name}`}
                  >
                    Revisar
                  </Link>
                  <Link
                    to={`/admin/conductores/${d.driver.id}/revisar`}
                    className={`${LINK} mt-1 block max-sm:mt-0 ${PHONE_TARGET}`}
                    aria-label={`Revisar conductor: ${d.driver.name}`}
                  >
                    Revisar conductor
                  </Link>
                </td>
              </tr>
            ))}
          </StackTable>
          {total > documents.length ? (
            <p className="px-3 py-2 text-sm text-slate-700">
              Se muestran los {documents.length} más antiguos de {queueCountWords(total, capped)}.
            </p>
          ) : null}
        </>
      )}
    </>
  )
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

const EMPTY_DUE: Record<QueueDue, string> = {
  late: 'Ningún documento pendiente está atrasado.',
  today: 'Ningún documento pendiente vence hoy.',
  on_time: 'Ningún documento pendiente vence después de hoy.',
}

const isQueueDue = (value: string): value is QueueDue => (QUEUE_DUES as readonly string[]).includes(value)

const isQueueOrigin = (value: string): value is QueueOrigin => (QUEUE_ORIGINS as readonly string[]).includes(value)
