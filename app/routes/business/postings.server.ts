import { parseWithZod } from '@conform-to/zod/v4'
import { data, type AppLoadContext } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { joinMessage, messageList } from '#app/.server/backend/client'
import { businessApi, type JobPosting } from '#app/.server/backend/marketplace'
import { loadPlaces } from '#app/.server/places'
import { redirectWithToast } from '#app/.server/responses'
import type { PostingDraft } from '#app/components/marketplace/posting-form'
import { positiveId } from '#domain/ids'
import { jobPostingSchema } from '#domain/validation/marketplace'

export const PANEL_PATH = '/business/dashboard'
const DIALOG_PARAMS = ['dialogo', 'editar', 'eliminar']
const DRAFT_FIELDS = [
  'title',
  'description',
  'id_zone',
  'id_region',
  'id_commune',
  'id_vehicle',
  'id_capacity',
  'id_schedule',
  'start_date',
  'pawn',
  'payment_amount',
  'payment_period',
  'drivers_needed',
  'status',
] as const

/** The panel's own URL (page and search kept) without any dialog in it. */
export function panelUrl(url: URL): string {
  const sp = new URLSearchParams(url.search)
  for (const k of DIALOG_PARAMS) sp.delete(k)
  const q = sp.toString()
  return q ? `${PANEL_PATH}?${q}` : PANEL_PATH
}

/** A stored posting as the edit form's text values. */
export function draftFromPosting(p: JobPosting): PostingDraft {
  return {
    title: p.title,
    description: p.description,
    id_zone: String(p.id_zone),
    id_region: String(p.id_region),
    id_commune: String(p.id_commune),
    id_vehicle: String(p.id_vehicle),
    id_capacity: p.id_capacity ? String(p.id_capacity) : '',
    id_schedule: String(p.id_schedule),
    start_date: p.start_date,
    pawn: p.pawn,
    payment_amount: String(p.payment_amount),
    payment_period: p.payment_period,
    drivers_needed: String(p.drivers_needed),
    status: p.status,
  }
}

function done(to: string, message: string, type: 'success' | 'error' = 'success'): Promise<never> {
  return redirectWithToast(to, { type, message })
}

/**
 * The panel's action: create, update, close, delete, and (no JS) the place lists of the posting form.
 * Success goes back to the list, which reloads (spec §4); errors stay in the dialog (spec §8).
 */
export async function panelAction(request: Request, context: AppLoadContext) {
  const session = await requireSession(request, context, 'business')
  const url = new URL(request.url)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const id = positiveId(formData.get('id'))

  if (intent === 'eliminar') {
    if (!id) return data({ intent, error: 'Error al eliminar el trabajo Publicación inválida' }, { status: 400 })
    const res = await businessApi.remove(context, session.token, id)
    if (!res.ok) {
      await signOutIfRefused(request, res.status)
      return data({ intent, error: `Error al eliminar el trabajo ${joinMessage(res.message)}` }, { status: res.status })
    }
    return done(panelUrl(url), res.data.message)
  }

  // Closing is one visible button; the posting stays, with its applicants.
  if (intent === 'cerrar') {
    const res = id ? await businessApi.close(context, session.token, id) : null
    if (!res?.ok) {
      if (res) await signOutIfRefused(request, res.status)
      return done(
        panelUrl(url),
        `Error al cerrar la publicación ${res ? joinMessage(res.message) : 'Publicación inválida'}`,
        'error',
      )
    }
    return done(panelUrl(url), `${res.data.message} Puedes reabrirla desde «Editar».`)
  }

  const places = await loadPlaces(context, formData.get('id_zone'), formData.get('id_region'))
  if (intent === 'ubicacion') {
    const draft = Object.fromEntries(
      DRAFT_FIELDS.map((k) => [k, String(formData.get(k) ?? '').slice(0, 2000)]),
    ) as PostingDraft
    return data({ intent, draft, places })
  }
  if (intent !== 'crear' && intent !== 'editar') return data({ intent, error: 'Acción inválida' }, { status: 400 })

  const submission = parseWithZod(formData, { schema: jobPostingSchema })
  if (submission.status !== 'success') return data({ intent, result: submission.reply(), places }, { status: 400 })
  const res =
    intent === 'crear'
      ? await businessApi.create(context, session.token, submission.value)
      : id
        ? await businessApi.update(context, session.token, id, submission.value)
        : ({ ok: false, status: 404, message: 'Recurso no encontrado.' } as const)
  if (!res.ok) {
    await signOutIfRefused(request, res.status)
    const prefix = intent === 'crear' ? 'Error al crear el trabajo' : 'Error al actualizar el trabajo:'
    return data(
      {
        intent,
        result: submission.reply({ formErrors: messageList(res.message).map((m) => `${prefix} ${m}`) }),
        places,
      },
      { status: res.status },
    )
  }
  // A new posting is first on page 1; an update keeps the page and search the company was on.
  return done(intent === 'crear' ? PANEL_PATH : panelUrl(url), res.data.message)
}
