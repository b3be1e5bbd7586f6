import { Form, Link, useLoaderData } from 'react-router'
import { adminApi } from '#app/.server/backend/admin'
import { required } from '#app/.server/responses'
import { DataTable, formatDateTime, LINK, PageHeader, TD } from '#app/components/admin/console'
import { Badge } from '#app/components/ui/badge'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { formatInteger, formatRut } from '#domain/format'
import { PHOTO_FLAG_REVIEW } from '#domain/photo-quality'
import { DOCUMENT_SLOTS, isDocumentSlotKey } from '#domain/reference-data/documents'
import { QUEUE_ORIGINS, type QueueOrigin } from '#domain/validation/admin'
import { describeDue } from '#domain/working-hours'
import type { Route } from './+types/documents'
import { filterQuery, queueFilters, requireAdmin } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Revisión de documentos | Consola | Fleeters' }]

/**
 * The review queue: PENDING documents, soonest due first (24 working hours after the upload, so
 * oldest first), with the counts of late, due today and on time; by slot and by driver (a GET form).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const filters = queueFilters(new URL(request.url))
  if (filters.slot && !isDocumentSlotKey(filters.slot)) filters.slot = undefined
  if (filters.origin && !isQueueOrigin(filters.origin)) filters.origin = undefined
  if (filters.alerts !== 'flagged') filters.alerts = undefined
  const queue = await required(request, await adminApi.queue(context, session.token, filters))
  // The due labels are written here, on the server: the working-hours clock never ships to browsers.
  const clock = new Date(queue.now)
  const dueLabels = queue.documents.map((d) => describeDue(new Date(d.due_at), d.age_hours, d.late, clock))
  // The photo checks' words, per row («posible desenfoque»).
  const alerts = queue.documents.map((d) => d.photo_flags.map((f) => PHOTO_FLAG_REVIEW[f]))
  return { filters, query: filterQuery(filters), ...queue, dueLabels, alerts }
}

export default function DocumentQueue() {
  const { filters, query, documents, total, counts, dueLabels, alerts } = useLoaderData<typeof loader>()
  const filtered = Boolean(filters.slot || filters.origin || filters.driver || filters.alerts)
  return (
    <>
      <PageHeader title="Revisión de documentos">
        <p className="text-sm font-semibold text-slate-700" data-testid="pendientes-total">
          {total === 1 ? '1 documento pendiente' : `${total} documentos pendientes`}
        </p>
      </PageHeader>
      <ul aria-label="Plazo de revisión" className="mb-4 grid grid-cols-3 gap-2 sm:gap-3" data-testid="plazos">
        <QueueCount label="Atrasados" n={counts.late} tone="border-red-300 bg-red-50 text-red-900" />
        <QueueCount label="Vencen hoy" n={counts.due_today} tone="border-amber-300 bg-amber-50 text-amber-900" />
        <QueueCount label="A tiempo" n={counts.on_time} tone="border-slate-200 bg-white text-slate-800" />
      </ul>
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
          {filtered
            ? 'Ningún documento pendiente coincide con los filtros.'
            : 'No hay documentos pendientes. ¡Todo al día!'}
        </p>
      ) : (
        <>
          <DataTable
            boxed
            caption="Documentos pendientes, el que vence antes primero"
            headings={['Subido', 'Plazo', 'Documento', 'Conductor', 'Tipo', { hidden: 'Acción' }]}
          >
            {documents.map((d, i) => (
              <tr key={d.id}>
                <td className={TD}>{formatDateTime(d.date_upload)}</td>
                <td className={TD}>
                  <Badge tone={d.late ? 'danger' : 'neutral'}>{capitalised(dueLabels[i] ?? '')}</Badge>
                  <span className="block text-xs text-slate-600">
                    {`${formatInteger(Math.floor(d.age_hours))} h hábiles en cola`}
                  </span>
                </td>
                <td className={`${TD} font-semibold`}>
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
                <td className={TD}>
                  {d.driver.name}
                  <span className="block text-xs text-slate-600">{formatRut(d.driver.rut) || d.driver.email}</span>
                </td>
                <td className={TD}>{d.type_name === 'application/pdf' ? 'PDF' : 'Imagen'}</td>
                <td className={TD}>
                  <Link
                    to={`/admin/documentos/${d.id}${query}`}
                    className={LINK}
                    aria-label={`Revisar ${d.title} de ${d.driver.name}`}
                  >
                    Revisar
                  </Link>
                  <Link
                    to={`/admin/conductores/${d.driver.id}/revisar`}
                    className={`${LINK} mt-1 block`}
                    aria-label={`Revisar conductor: ${d.driver.name}`}
                  >
                    Revisar conductor
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
          {total > documents.length ? (
            <p className="px-3 py-2 text-sm text-slate-700">
              Se muestran los {documents.length} más antiguos de {total}.
            </p>
          ) : null}
        </>
      )}
    </>
  )
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** One of the queue's three counts: the figure large, its name under it (readable at 375 px). */
function QueueCount({ label, n, tone }: { label: string; n: number; tone: string }) {
  return (
    <li className={`rounded-xl border px-3 py-2 ${tone}`}>
      <span className="block text-2xl font-bold">{formatInteger(n)}</span>
      <span className="block text-sm font-semibold">{label}</span>
    </li>
  )
}

const isQueueOrigin = (value: string): value is QueueOrigin => (QUEUE_ORIGINS as readonly string[]).includes(value)
