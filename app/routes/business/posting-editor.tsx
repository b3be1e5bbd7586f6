import { getZodConstraint } from '@conform-to/zod/v4'
import { Link, useLoaderData } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { businessApi } from '#app/.server/backend/marketplace'
import { loadPlaces } from '#app/.server/places'
import { POSTING_STATUS_LABELS } from '#app/components/marketplace/labels'
import { PostingForm } from '#app/components/marketplace/posting-form'
import { Badge } from '#app/components/ui/badge'
import { positiveId } from '#domain/ids'
import { jobPostingSchema } from '#domain/validation/marketplace'
import type { Route } from './+types/posting-editor'
import { draftFromPosting, editorAction, PANEL_PATH, previewPosting } from './postings.server'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.heading ?? 'Publicar trabajo'} | Fleeters Empresas` },
]

/**
 * The company's posting editor as a page (decision 104): /publicaciones/nueva creates, and
 * /publicaciones/:id/editar edits a draft or a published posting of the company.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'business')
  const id = params.id === undefined ? null : positiveId(params.id)
  // Another company's posting does not exist for this one.
  if (params.id !== undefined && !id) throw new Response('No encontrado', { status: 404 })
  const [posting, company] = await Promise.all([
    id ? businessApi.posting(context, session.token, id) : null,
    businessApi.data(context, session.token),
  ])
  if (posting && !posting.ok) throw new Response('No encontrado', { status: posting.status === 404 ? 404 : 503 })
  const status = posting?.data.status ?? null
  const draft = posting ? draftFromPosting(posting.data) : { payment_period: 'por día' }
  const today = new Date().toISOString()
  return {
    id,
    status,
    heading: !posting ? 'Publicar trabajo' : status === 'draft' ? 'Editar borrador' : 'Editar publicación',
    draft,
    places: await loadPlaces(context, draft.id_zone ?? null, 'id_region' in draft ? draft.id_region : null),
    company: company.ok ? company.data : null,
    preview: previewPosting(draft, company.ok ? company.data : null, posting?.data.created_at ?? today),
    // The form validates in the browser once its schema loads; its HTML constraints are ready now.
    constraint: getZodConstraint(jobPostingSchema),
    panelTo: PANEL_PATH,
  }
}

export async function action(args: Route.ActionArgs) {
  const { params } = args
  const id = params.id === undefined ? null : positiveId(params.id)
  if (params.id !== undefined && !id) throw new Response('No encontrado', { status: 404 })
  return editorAction(args, id)
}

export default function PostingEditorRoute({ actionData: a }: Route.ComponentProps) {
  const d = useLoaderData<typeof loader>()
  const draft = a?.draft ?? d.draft
  const places = a?.places ?? d.places
  const result = a?.result
  const preview = a?.preview ?? d.preview
  const published = d.status === 'open' || d.status === 'closed'
  return (
    <main id="contenido" className="space-y-5 max-sm:pb-0">
      <nav aria-label="Ruta de navegación" className="text-sm">
        <Link to={d.panelTo} className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
          ← Mis publicaciones
        </Link>
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{d.heading}</h1>
        {d.status ? (
          <Badge tone={d.status === 'open' ? 'success' : d.status === 'draft' ? 'warning' : 'neutral'}>
            {POSTING_STATUS_LABELS[d.status]}
          </Badge>
        ) : null}
      </div>
      <p className="max-w-2xl text-slate-700">
        {published
          ? 'Los cambios se ven de inmediato en la publicación.'
          : 'Guárdalo como borrador mientras lo preparas: los conductores no lo ven hasta que lo publiques.'}
      </p>
      <PostingForm
        key={JSON.stringify(draft)}
        postingId={d.id ?? undefined}
        published={published}
        defaults={draft}
        places={places}
        result={result}
        constraint={d.constraint}
        preview={preview}
        cancelTo={d.panelTo}
      />
    </main>
  )
}
