import { type AppLoadContext } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { joinMessage, messageList } from '#app/.server/backend/client'
import { businessApi, type BusinessData, type JobPosting } from '#app/.server/backend/marketplace'
import { parseForm } from '#app/.server/checked-forms'
import { formAction, type Tools } from '#app/.server/form-action'
import { loadPlaces } from '#app/.server/places'
import { redirectWithToast } from '#app/.server/responses'
import type { PostingDraft } from '#app/components/marketplace/posting-form'
import type { PreviewPosting } from '#app/components/marketplace/posting-preview'
import { pagePath } from '#app/paths'
import { positiveId } from '#domain/ids'
import { formatMoney, parsePesos } from '#domain/numbers'
import { findCommune, findRegion, findZone } from '#domain/reference-data/geography'
import { findSchedule } from '#domain/reference-data/schedules'
import { capacityLabel, findCapacity, findVehicle } from '#domain/reference-data/vehicles'
import { jobPostingSchema } from '#domain/validation/marketplace'

export const PANEL_PATH = pagePath('/business/dashboard')
const DIALOG_PARAMS = ['eliminar']
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
    // As the drivers read it («$450.000»); the schema takes it back as whole pesos.
    payment_amount: formatMoney(p.payment_amount),
    payment_period: p.payment_period,
    drivers_needed: String(p.drivers_needed),
    status: p.status,
  }
}

function done(to: string, message: string, type: 'success' | 'error' = 'success'): Promise<never> {
  return redirectWithToast(to, { type, message })
}

/**
 * The panel's action: delete, close, duplicate. Success goes back to the list, which reloads
 * (spec §4); a refused delete stays in its dialog (spec §8), the others come back as a toast.
 */
export async function panelAction(args: { request: Request; context: AppLoadContext }) {
  const { request, context } = args
  const session = await requireSession(request, context, 'business')
  const panel = panelUrl(new URL(request.url))
  return formAction({
    eliminar: async ({ formData, reply, fail }) => {
      const id = positiveId(formData.get('id'))
      if (!id) return reply({ errors: ['Error al eliminar el trabajo Publicación inválida'] }, 400)
      const res = await businessApi.remove(context, session.token, id)
      if (!res.ok) return fail(res, { errors: [`Error al eliminar el trabajo ${joinMessage(res.message)}`] })
      return done(panel, res.data.message)
    },
    // Closing is one visible button; the posting stays, with its applicants.
    cerrar: async ({ formData, failTo }) => {
      const id = positiveId(formData.get('id'))
      const res = id ? await businessApi.close(context, session.token, id) : null
      if (!res?.ok) {
        const message = `Error al cerrar la publicación ${res ? joinMessage(res.message) : 'Publicación inválida'}`
        return failTo(res ?? { status: 400 }, panel, { type: 'error', message })
      }
      return done(panel, `${res.data.message} Puedes reabrirla desde «Editar».`)
    },
    // «Duplicar»: the copy is a draft, opened in the editor.
    duplicar: async ({ formData, failTo }) => {
      const id = positiveId(formData.get('id'))
      const res = id ? await businessApi.duplicate(context, session.token, id) : null
      if (!res?.ok) {
        const message = `Error al duplicar ${res ? joinMessage(res.message) : 'Publicación inválida'}`
        return failTo(res ?? { status: 400 }, panel, { type: 'error', message })
      }
      return done(editorPath(res.data.id), res.data.message)
    },
  })(args)
}

export const editorPath = (id?: number) => `${PANEL_PATH}/publicaciones/${id ? `${id}/editar` : 'nueva'}`

/**
 * The form's text values, as sent (a no-JS place update or preview draws the form again with them);
 * an amount that reads as pesos comes back as the drivers will read it («450000» → «$450.000»).
 */
function draftFrom(formData: FormData): PostingDraft {
  const draft = Object.fromEntries(
    DRAFT_FIELDS.map((k) => [k, String(formData.get(k) ?? '').slice(0, 2000)]),
  ) as PostingDraft
  const amount = parsePesos(draft.payment_amount ?? '')
  return amount === null ? draft : { ...draft, payment_amount: formatMoney(amount) }
}

/**
 * The drivers' card for the editor's preview, from the form's text values as they stand (names
 * from the reference data; a blank or invalid value shows blank) and the company's name and logo.
 */
export function previewPosting(
  d: PostingDraft,
  company: Pick<BusinessData, 'name' | 'logo' | 'verified'> | null,
  today: string,
): PreviewPosting {
  const num = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : 0)
  const capacity = findCapacity(num(d.id_capacity))
  const amount = parsePesos(d.payment_amount ?? '') ?? 0
  return {
    id: 0,
    title: d.title ?? '',
    description: d.description ?? '',
    logo: company?.logo ?? null,
    company_name: company?.name ?? '',
    company_verified: company?.verified ?? false,
    id_zone: num(d.id_zone),
    name_zone: findZone(num(d.id_zone))?.name_zone ?? '',
    id_region: num(d.id_region),
    name_region: findRegion(num(d.id_region))?.name_region ?? '',
    id_commune: num(d.id_commune),
    name_commune: findCommune(num(d.id_commune))?.name_commune ?? '',
    id_vehicle: num(d.id_vehicle),
    name_vehicle: findVehicle(num(d.id_vehicle))?.name_vehicle ?? '',
    id_capacity: capacity ? capacity.id_capacity : null,
    capacity: capacity ? capacityLabel(capacity.capacity_kg, capacity.vehicle_id) : null,
    id_schedule: num(d.id_schedule),
    time: findSchedule(num(d.id_schedule))?.name_schedule ?? '',
    start_date: d.start_date ?? '',
    pawn: d.pawn === 'Si' ? 'Si' : 'No',
    payment: formatMoney(amount),
    payment_amount: amount,
    payment_period: d.payment_period ?? '',
    drivers_needed: num(d.drivers_needed),
    status: 'open',
    created_at: today,
    updated_at: today,
    applied: false,
    application_status: null,
    applied_at: null,
    saved: false,
  }
}

/** What the editor's form draws again: the values as sent, their place lists, and the preview's card. */
type EditorExtra = {
  draft: PostingDraft
  places: Awaited<ReturnType<typeof loadPlaces>>
  preview: PreviewPosting
}

/**
 * The editor's action (decision 104): «Publicar», «Guardar borrador», «Guardar cambios» (a
 * published posting, with its status), and without JS «Vista previa» and the place lists.
 * Success goes to the panel's tab where the posting now is; errors stay on the page (spec §8).
 */
export async function editorAction(args: { request: Request; context: AppLoadContext }, postingId: number | null) {
  const { request, context } = args
  const session = await requireSession(request, context, 'business')
  const form = async (formData: FormData) => ({
    draft: draftFrom(formData),
    places: await loadPlaces(context, formData.get('id_zone'), formData.get('id_region')),
  })
  // The buttons say the status of a draft; a published posting's comes from its own field.
  const save =
    (status: 'open' | 'draft' | null) =>
    async ({ formData, reply, fail }: Tools<EditorExtra>) => {
      const { draft, places } = await form(formData)
      if (status) formData.set('status', status)
      const submission = parseForm(formData, jobPostingSchema)
      if (submission.status !== 'success') return reply({ draft, result: submission.reply(), places }, 400)
      const res = postingId
        ? await businessApi.update(context, session.token, postingId, submission.value)
        : await businessApi.create(context, session.token, submission.value)
      if (!res.ok) {
        const prefix = postingId ? 'Error al actualizar el trabajo:' : 'Error al crear el trabajo'
        const formErrors = messageList(res.message).map((m) => `${prefix} ${m}`)
        return fail(res, { draft, result: submission.reply({ formErrors }), places })
      }
      const value = submission.value.status
      const tab = value === 'draft' ? 'borradores' : value === 'closed' ? 'cerradas' : 'abiertas'
      return done(`${PANEL_PATH}?estado=${tab}`, res.data.message)
    }
  return formAction<typeof args, EditorExtra>({
    ubicacion: async ({ formData, reply }) => reply(await form(formData)),
    'vista-previa': async ({ formData, reply }) => {
      const { draft, places } = await form(formData)
      const company = await businessApi.data(context, session.token)
      const preview = previewPosting(draft, company.ok ? company.data : null, new Date().toISOString())
      const submission = parseForm(formData, jobPostingSchema)
      // The card, and what is still missing, on the same page.
      return reply({
        draft,
        places,
        preview,
        result: submission.status === 'success' ? undefined : submission.reply(),
      })
    },
    publicar: save('open'),
    borrador: save('draft'),
    guardar: save(null),
  })(args)
}
