import { useEffect, useRef } from 'react'
import { Form, Link, useLoaderData, useLocation } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { businessApi, type CompanyPanelSummary, type CompanyPosting } from '#app/.server/backend/marketplace'
import { pageParam } from '#app/.server/list-page'
import { POSTING_STATUS_LABELS } from '#app/components/marketplace/labels'
import { shortDate } from '#app/components/marketplace/posting-bits'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { ConfirmDeleteModal, Modal } from '#app/components/ui/modal'
import { Pagination } from '#app/components/ui/pagination'
import { Tabs } from '#app/components/ui/tabs'
import { withParams } from '#app/paths'
import { formatInteger, formatPayment } from '#domain/format'
import { positiveId } from '#domain/ids'
import type { Route } from './+types/postings'
import { editorPath, panelAction, panelUrl } from './postings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Mis publicaciones | Fleeters Empresas' }]

/** Spec §8. */
const LIST_ERROR = 'Error al obtener los datos de los trabajos publicados'

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'business')
  const url = new URL(request.url)
  const page = pageParam(url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const deleteId = positiveId(url.searchParams.get('eliminar'))
  const tab = TABS.find((t) => t.param === url.searchParams.get('estado')) ?? TABS[0]
  const [list, posting, summary] = await Promise.all([
    q
      ? businessApi.search(context, session.token, q, page, tab.status)
      : businessApi.postings(context, session.token, page, tab.status),
    deleteId ? businessApi.posting(context, session.token, deleteId) : null,
    businessApi.panelSummary(context, session.token),
  ])
  return {
    page,
    q,
    tab: tab.param,
    tabs: TABS.map((t) => ({
      to: withParams('/business/dashboard', '', { q: q || null, estado: t.param }),
      label: t.label,
      current: tab.param === t.param,
    })),
    empty: q
      ? 'Ninguna publicación coincide con la búsqueda.'
      : tab.param === 'abiertas'
        ? 'No tienes publicaciones abiertas.'
        : tab.param === 'cerradas'
          ? 'No tienes publicaciones cerradas.'
          : tab.param === 'borradores'
            ? 'No tienes borradores. Usa «Guardar borrador» al preparar una publicación, o «Duplicar» en una.'
            : 'Aún no publicas trabajos. Usa «Publicar trabajo» para crear el primero.',
    // Written here, not in the browser: the form's page carries no formatter (budget.spec).
    summary: summary.ok ? summaryTiles(summary.data) : null,
    postings: list.ok ? list.data.postings.map(postingRow) : [],
    count: list.ok ? list.data.count : 0,
    error: list.ok ? null : LIST_ERROR,
    dialog: deleteId ? ('eliminar' as const) : null,
    target: posting?.ok ? { id: posting.data.id, title: posting.data.title } : null,
    closeTo: panelUrl(url),
    newTo: editorPath(),
  }
}

export async function action(args: Route.ActionArgs) {
  return panelAction(args)
}

/** The panel's tabs: every posting, or those of one status (`?estado=`); drafts are the company's alone. */
const TABS = [
  { param: null, label: 'Todas', status: undefined },
  { param: 'abiertas', label: 'Abiertas', status: 'open' },
  { param: 'cerradas', label: 'Cerradas', status: 'closed' },
  { param: 'borradores', label: 'Borradores', status: 'draft' },
] as const

/** What needs attention: four figures over the open postings (business/posting-operations.ts panelSummary). */
function summaryTiles(s: CompanyPanelSummary) {
  const n = formatInteger
  return [
    { label: 'Publicaciones abiertas', value: n(s.open_postings), hint: 'Reciben postulaciones ahora' },
    { label: 'Postulantes sin ver', value: n(s.new_applicants), hint: 'Aún no abres su postulación' },
    { label: 'Por responder', value: n(s.awaiting_reply), hint: 'En «Nueva» o «En revisión»' },
    { label: 'Inician pronto', value: n(s.starting_soon), hint: `Comienzan en ${s.starting_soon_days} días o menos` },
  ]
}

/** One row of the table, its texts written on the server. */
function postingRow(p: CompanyPosting) {
  const vehicle = p.capacity ? `${p.name_vehicle} (${p.capacity})` : p.name_vehicle
  return {
    id: p.id,
    title: p.title,
    commune: p.name_commune,
    vehicle: p.capacity ? `${p.name_vehicle} (${p.capacity})` : p.name_vehicle,
    pay: formatPayment(p.payment_amount, p.payment_period),
    total: p.applicants_count,
    fresh: p.new_applicants_count,
    open: p.status === 'open',
    draft: p.status === 'draft',
    status: POSTING_STATUS_LABELS[p.status],
    editTo: editorPath(p.id),
    // A draft is not published yet: its date is the day it was saved.
    published: p.status === 'draft' ? '—' : shortDate(p.created_at),
    facts: [p.name_commune, vehicle, formatPayment(p.payment_amount, p.payment_period)].join(' · '),
  }
}
type Row = ReturnType<typeof postingRow>

const ITEM = 'w-full justify-start text-sm'

/** The row's other actions sit behind this menu: a <details>, so it opens without JS; Escape closes it. */
function MoreActions({ row, deleteTo }: { row: Row; deleteTo: string }) {
  const { title } = row
  const ref = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    const details = ref.current
    if (!details) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !details.open) return
      details.open = false
      details.querySelector('summary')?.focus()
    }
    details.addEventListener('keydown', onKey)
    return () => details.removeEventListener('keydown', onKey)
  }, [])
  return (
    <details ref={ref} className="relative">
      <summary
        className={buttonClass(
          'secondary',
          "cursor-pointer list-none after:content-['▾'] [&::-webkit-details-marker]:hidden",
        )}
        aria-label={`Más acciones: ${title}`}
      >
        Más
      </summary>
      <div className="absolute right-0 z-10 mt-1 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        {row.draft ? null : (
          <Link to={row.editTo} className={buttonClass('ghost', ITEM)} aria-label={`Editar: ${title}`}>
            Editar
          </Link>
        )}
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="duplicar" />
          <input type="hidden" name="id" value={row.id} />
          <SubmitButton
            name="duplicar"
            value={String(row.id)}
            variant="ghost"
            pendingText="Duplicando…"
            className={ITEM}
          >
            <span aria-hidden="true">Duplicar</span>
            <span className="sr-only">Duplicar: {title}</span>
          </SubmitButton>
        </Form>
        {row.open ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="cerrar" />
            <input type="hidden" name="id" value={row.id} />
            {/* Its own name and value: only the pressed button shows «Cerrando…». */}
            <SubmitButton name="cerrar" value={String(row.id)} variant="ghost" pendingText="Cerrando…" className={ITEM}>
              <span aria-hidden="true">Cerrar publicación</span>
              <span className="sr-only">Cerrar publicación: {title}</span>
            </SubmitButton>
          </Form>
        ) : null}
        <Link
          to={deleteTo}
          preventScrollReset
          className={buttonClass('ghost', `${ITEM} text-red-800 hover:bg-red-50 hover:text-red-900`)}
          aria-label={`Eliminar: ${title}`}
        >
          Eliminar
        </Link>
      </div>
    </details>
  )
}

const TH = 'px-2 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const TD = 'px-2 py-3 align-middle max-sm:p-0'
/** On a phone the row is a compact card: title and facts, then figures and actions (no sideways scroll). */
const WIDE = `${TD} max-sm:hidden`

function PostingRow({ row, search }: { row: Row; search: string }) {
  const deleteTo = withParams('/business/dashboard', search, { eliminar: row.id })
  return (
    <tr className="border-t border-slate-200 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-2 max-sm:p-4">
      <th scope="row" className={`${TD} text-left font-normal max-sm:w-full`}>
        <span className="block font-semibold break-words text-slate-900">{row.title}</span>
        <span className="block text-sm text-slate-700 sm:hidden">{row.facts}</span>
      </th>
      <td className={WIDE}>{row.commune}</td>
      <td className={WIDE}>{row.vehicle}</td>
      <td className={`${WIDE} font-medium text-slate-900`}>{row.pay}</td>
      {/* A draft has no applicants yet: nothing to count. */}
      <td className={row.draft ? WIDE : TD}>
        {row.draft ? (
          <span className="text-slate-600">—</span>
        ) : (
          <>
            <span className="font-semibold text-slate-900">{row.total}</span>
            <span className="text-slate-700"> {row.total === 1 ? 'postulante' : 'postulantes'}</span>
            {row.fresh > 0 ? (
              <Badge
                tone="brand"
                className="ml-2 whitespace-nowrap sm:mt-1 sm:ml-0 sm:flex sm:w-fit"
                data-testid="postulantes-nuevos"
              >
                {row.fresh} sin ver
              </Badge>
            ) : null}
          </>
        )}
      </td>
      <td className={TD}>
        <Badge tone={row.open ? 'success' : row.draft ? 'warning' : 'neutral'}>{row.status}</Badge>
      </td>
      <td className={`${WIDE} whitespace-nowrap`}>{row.published}</td>
      <td className={`${TD} max-sm:w-full`}>
        {/* One primary action per row; the others in the menu. */}
        <div className="flex items-center justify-end gap-2 max-sm:justify-start">
          {row.draft ? (
            <Link
              to={row.editTo}
              className={buttonClass('primary', 'whitespace-nowrap')}
              aria-label={`Continuar borrador: ${row.title}`}
            >
              Continuar borrador
            </Link>
          ) : (
            <Link
              to={`/business/dashboard/publicaciones/${row.id}`}
              className={buttonClass('primary', 'whitespace-nowrap')}
              aria-label={`Ver postulantes: ${row.title}`}
            >
              Ver postulantes
            </Link>
          )}
          {/* Remounted closed after each navigation (the dialog opening, the list reloading). */}
          <MoreActions key={search} row={row} deleteTo={deleteTo} />
        </div>
      </td>
    </tr>
  )
}

export default function BusinessPostingsRoute({ actionData: a }: Route.ComponentProps) {
  const d = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <main id="contenido" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Mis publicaciones</h1>
        <Link to={d.newTo} className={buttonClass('primary')}>
          Publicar trabajo
        </Link>
      </div>
      {d.summary ? (
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Resumen">
          {d.summary.map((t) => (
            <li key={t.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm font-medium text-slate-700">{t.label}</p>
              <p className="text-3xl font-bold text-slate-900">{t.value}</p>
              <p className="text-xs text-slate-600">{t.hint}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <Tabs label="Filtrar publicaciones" items={d.tabs} />
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        {d.tab ? <input type="hidden" name="estado" value={d.tab} /> : null}
        <div className="min-w-0 flex-1">
          <label htmlFor="buscar-trabajos" className="block text-sm font-medium text-slate-800">
            Buscar en mis publicaciones
          </label>
          <input
            id="buscar-trabajos"
            type="search"
            name="q"
            defaultValue={d.q}
            key={d.q}
            maxLength={100}
            className={CONTROL}
          />
        </div>
        <button type="submit" className={buttonClass('primary')}>
          Buscar
        </button>
        {d.q ? (
          <Link to={withParams('/business/dashboard', '', { estado: d.tab })} className={buttonClass('secondary')}>
            Ver todas
          </Link>
        ) : null}
      </Form>
      {d.q ? <p className="text-sm text-slate-700">Resultados para «{d.q}»</p> : null}
      {d.error ? (
        <Alert tone="error" messages={[d.error]} />
      ) : d.postings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {d.empty}
        </p>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-sm max-sm:block">
            <caption className="sr-only">Publicaciones</caption>
            <thead className="max-sm:hidden">
              <tr>
                {['Título', 'Comuna', 'Vehículo', 'Pago', 'Postulantes', 'Estado', 'Publicada'].map((h) => (
                  <th key={h} scope="col" className={TH}>
                    {h}
                  </th>
                ))}
                <th scope="col" className={TH}>
                  <span className="sr-only">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {d.postings.map((p) => (
                <PostingRow key={p.id} row={p} search={location.search} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.error ? null : (
        <Pagination
          page={d.page}
          total={d.count}
          hrefFor={(n) => withParams('/business/dashboard', location.search, { page: n })}
        />
      )}

      {d.dialog === 'eliminar' ? (
        d.target ? (
          <ConfirmDeleteModal
            title="Eliminar trabajo"
            closeTo={d.closeTo}
            intent="eliminar"
            id={d.target.id}
            feedback={{ errors: a?.errors, id: a?.id }}
          >
            ¿Seguro que quieres eliminar «<strong>{d.target.title}</strong>»? También se eliminarán sus postulaciones.
            Esta acción no se puede deshacer.
          </ConfirmDeleteModal>
        ) : (
          <Modal title="Eliminar trabajo" closeTo={d.closeTo}>
            <p role="alert">No encontramos este trabajo.</p>
          </Modal>
        )
      ) : null}
    </main>
  )
}
