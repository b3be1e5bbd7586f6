import { getZodConstraint } from '@conform-to/zod/v4'
import { useEffect, useRef } from 'react'
import { Form, Link, useActionData, useLoaderData, useLocation } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { businessApi, type CompanyPosting } from '#app/.server/backend/marketplace'
import { loadPlaces } from '#app/.server/places'
import { POSTING_STATUS_LABELS } from '#app/components/marketplace/labels'
import { shortDate } from '#app/components/marketplace/posting-bits'
import { PayHeadline } from '#app/components/marketplace/posting-facts'
import { PostingForm } from '#app/components/marketplace/posting-form'
import { Alert } from '#app/components/ui/alert'
import { Badge } from '#app/components/ui/badge'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { CONTROL } from '#app/components/ui/field'
import { ConfirmDeleteModal, Modal } from '#app/components/ui/modal'
import { Pagination, withParams } from '#app/components/ui/pagination'
import { positiveId } from '#domain/ids'
import { jobPostingSchema } from '#domain/validation/marketplace'
import type { Route } from './+types/postings'
import { draftFromPosting, panelAction, panelUrl } from './postings.server'

export const meta: Route.MetaFunction = () => [{ title: 'Mis publicaciones | Fleeters Empresas' }]

/** Spec §8. */
const LIST_ERROR = 'Error al obtener los datos de los trabajos publicados'

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'business')
  const url = new URL(request.url)
  const rawPage = url.searchParams.get('page') ?? '1'
  const page = /^\d{1,5}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const editId = positiveId(url.searchParams.get('editar'))
  const deleteId = positiveId(url.searchParams.get('eliminar'))
  const creating = url.searchParams.get('dialogo') === 'crear'
  const target = editId ?? deleteId
  const [list, posting] = await Promise.all([
    q ? businessApi.search(context, session.token, q, page) : businessApi.postings(context, session.token, page),
    target ? businessApi.posting(context, session.token, target) : null,
  ])
  const draft = editId && posting?.ok ? draftFromPosting(posting.data) : null
  const places = creating || draft ? await loadPlaces(context, draft?.id_zone ?? null, draft?.id_region ?? null) : null
  return {
    page,
    q,
    postings: list.ok ? list.data.postings : [],
    count: list.ok ? list.data.count : 0,
    error: list.ok ? null : LIST_ERROR,
    dialog: creating ? ('crear' as const) : editId ? ('editar' as const) : deleteId ? ('eliminar' as const) : null,
    target: posting?.ok ? { id: posting.data.id, title: posting.data.title } : null,
    draft,
    places,
    // The form validates in the browser once its schema loads; its HTML constraints are ready now.
    constraint: creating || draft ? getZodConstraint(jobPostingSchema) : null,
    closeTo: panelUrl(url),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return panelAction(request, context)
}

/** «Eliminar» sits behind this menu: a <details>, so it opens without JS; Escape closes it. */
function MoreActions({ title, deleteTo }: { title: string; deleteTo: string }) {
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
    <details ref={ref} className="relative ml-auto">
      <summary
        className={buttonClass('ghost', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
        aria-label={`Más acciones: ${title}`}
      >
        Más acciones
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-4 w-4">
          <path
            fillRule="evenodd"
            d={
              'M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 ' +
              '1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z'
            }
            clipRule="evenodd"
          />
        </svg>
      </summary>
      <div className="absolute right-0 z-10 mt-1 w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
        <Link
          to={deleteTo}
          preventScrollReset
          className={buttonClass('ghost', 'w-full justify-start text-red-800 hover:bg-red-50 hover:text-red-900')}
          aria-label={`Eliminar: ${title}`}
        >
          Eliminar
        </Link>
      </div>
    </details>
  )
}

function PostingRow({ posting, search }: { posting: CompanyPosting; search: string }) {
  const link = (param: 'editar' | 'eliminar') =>
    withParams('/business/dashboard', search, { dialogo: null, editar: null, eliminar: null, [param]: posting.id })
  const fresh = posting.new_applicants_count
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900">{posting.title}</h3>
          <p className="text-sm text-slate-700">
            {posting.name_commune}, {posting.name_region} ·{' '}
            {posting.capacity ? `${posting.name_vehicle} (${posting.capacity})` : posting.name_vehicle} · {posting.time}
          </p>
          <PayHeadline amount={posting.payment_amount} period={posting.payment_period} className="mt-1" />
          <p className="text-sm text-slate-700">
            Peoneta: {posting.pawn === 'Si' ? 'Sí' : 'No'} · {posting.drivers_needed}{' '}
            {posting.drivers_needed === 1 ? 'conductor' : 'conductores'} · Inicio {shortDate(posting.start_date)}
          </p>
          <p className="text-xs text-slate-600">Publicada el {shortDate(posting.created_at)}</p>
        </div>
        <Badge tone={posting.status === 'open' ? 'success' : 'danger'}>{POSTING_STATUS_LABELS[posting.status]}</Badge>
      </div>
      {/* The applicants are the main action, with how many the company has not seen. */}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link to={`/business/dashboard/publicaciones/${posting.id}`} className={buttonClass('primary')}>
          Postulantes ({posting.applicants_count})
          {fresh > 0 ? (
            <Badge tone="brand" data-testid="postulantes-nuevos">
              {fresh} {fresh === 1 ? 'nuevo' : 'nuevos'}
            </Badge>
          ) : null}
        </Link>
        {posting.status === 'open' ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="cerrar" />
            <input type="hidden" name="id" value={posting.id} />
            {/* Its own name and value: only the pressed button shows «Cerrando…». */}
            <SubmitButton
              name="cerrar"
              value={String(posting.id)}
              variant="secondary"
              pendingText="Cerrando…"
              className="py-2 text-sm"
            >
              <span aria-hidden="true">Cerrar publicación</span>
              <span className="sr-only">Cerrar publicación: {posting.title}</span>
            </SubmitButton>
          </Form>
        ) : null}
        <Link
          to={link('editar')}
          preventScrollReset
          className={buttonClass('secondary')}
          aria-label={`Editar: ${posting.title}`}
        >
          Editar
        </Link>
        {/* Remounted closed after each navigation (the dialog opening, the list reloading). */}
        <MoreActions key={search} title={posting.title} deleteTo={link('eliminar')} />
      </div>
    </li>
  )
}

export default function BusinessPostingsRoute() {
  const d = useLoaderData<typeof loader>()
  const a = useActionData<typeof action>()
  const location = useLocation()
  const draft = a && 'draft' in a ? a.draft : d.draft
  const places = a && 'places' in a ? a.places : d.places
  const result = a && 'result' in a ? a.result : undefined
  // One dialog for both: a new posting (from a blank or the draft sent back with its errors) or the posting to edit.
  const editing = d.dialog === 'editar'
  const formReady = Boolean(places && d.constraint && (!editing || (d.target && draft)))
  return (
    <main id="contenido" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Mis publicaciones</h1>
        <Link
          to={withParams('/business/dashboard', location.search, { dialogo: 'crear', editar: null, eliminar: null })}
          preventScrollReset
          className={buttonClass('primary')}
        >
          Publicar trabajo
        </Link>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
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
          <Link to="/business/dashboard" className={buttonClass('secondary')}>
            Ver todas
          </Link>
        ) : null}
      </Form>
      {d.q ? <p className="text-sm text-slate-700">Resultados para «{d.q}»</p> : null}
      {d.error ? (
        <Alert tone="error" messages={[d.error]} />
      ) : d.postings.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {d.q
            ? 'Ninguna publicación coincide con la búsqueda.'
            : 'Aún no publicas trabajos. Usa «Publicar trabajo» para crear el primero.'}
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Publicaciones">
          {d.postings.map((p) => (
            <PostingRow key={p.id} posting={p} search={location.search} />
          ))}
        </ul>
      )}
      {d.error ? null : (
        <Pagination
          page={d.page}
          total={d.count}
          hrefFor={(n) => withParams('/business/dashboard', location.search, { page: n })}
        />
      )}

      {(d.dialog === 'crear' && formReady) || editing ? (
        <Modal title={editing ? 'Editar trabajo' : 'Publicar trabajo'} closeTo={d.closeTo} wide>
          {formReady ? (
            <PostingForm
              key={JSON.stringify(draft)}
              intent={editing ? 'editar' : 'crear'}
              postingId={editing ? d.target!.id : undefined}
              defaults={draft ?? { status: 'open' }}
              places={places!}
              result={result}
              constraint={d.constraint!}
              submitLabel={editing ? 'Guardar cambios' : 'Publicar'}
              cancelTo={d.closeTo}
            />
          ) : (
            <p role="alert">No encontramos este trabajo.</p>
          )}
        </Modal>
      ) : null}
      {d.dialog === 'eliminar' ? (
        d.target ? (
          <ConfirmDeleteModal
            title="Eliminar trabajo"
            closeTo={d.closeTo}
            intent="eliminar"
            id={d.target.id}
            feedback={{ errors: a && 'error' in a && a.error ? [a.error] : null }}
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
