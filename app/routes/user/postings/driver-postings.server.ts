import { type AppLoadContext } from 'react-router'
import { requireSession, signOutIfRefused } from '#app/.server/auth'
import { joinMessage, type BackendResult } from '#app/.server/backend/client'
import {
  driverPostingsApi,
  type DriverPostingAction,
  type DriverPostingsPage,
  type PostingFilterBody,
} from '#app/.server/backend/marketplace'
import { formAction, type Tools } from '#app/.server/form-action'
import { fromEnhancedPage } from '#app/.server/forms'
import { pageParam } from '#app/.server/list-page'
import { redirectWithToast } from '#app/.server/responses'
import { communesByRegion, findRegion } from '#domain/reference-data/geography'

/** Spec §9: driver alerts stay 4 s. */

/** The filters as the GET form sends them (spec §2 query parameters), kept as text for the form. */
export interface FilterValues {
  id_vehicle: string
  id_zone: string
  id_region: string
  id_commune: string
  start_time: string
  pawn: string
  search: string
}

export const FILTER_NAMES = [
  'id_vehicle',
  'id_zone',
  'id_region',
  'id_commune',
  'start_time',
  'pawn',
  'search',
] as const

/**
 * The URL's filters; a region outside the zone, or a commune outside the region, is dropped (the
 * no-JS form keeps an old choice when only the zone changed), so the search never refuses them.
 */
export function filtersFrom(url: URL): FilterValues {
  const get = (k: (typeof FILTER_NAMES)[number]) => (url.searchParams.get(k) ?? '').trim().slice(0, 100)
  const f = Object.fromEntries(FILTER_NAMES.map((k) => [k, get(k)])) as unknown as FilterValues
  if (f.id_region && (!f.id_zone || String(findRegion(f.id_region)?.zone_id) !== f.id_zone)) f.id_region = ''
  if (
    f.id_commune &&
    (!f.id_region || !communesByRegion(f.id_region).some((c) => String(c.id_commune) === f.id_commune))
  )
    f.id_commune = ''
  return f
}

/** The spec §7 call for these filters: list, search alone, or the filter call. */
export async function searchPostings(context: AppLoadContext, token: string, f: FilterValues, page: number) {
  const filtered = Boolean(f.id_vehicle || f.id_zone || f.id_region || f.id_commune || f.start_time || f.pawn)
  let res: BackendResult<DriverPostingsPage>
  if (filtered) {
    const body: PostingFilterBody = { page }
    for (const k of ['id_vehicle', 'id_zone', 'id_region', 'id_commune', 'start_time'] as const) {
      // Non-numeric junk in the URL goes through as is: the service answers 400, shown as §8 says.
      if (f[k]) body[k] = (/^\d+$/.test(f[k]) ? Number(f[k]) : f[k]) as number
    }
    if (f.pawn) body.pawn = f.pawn as 'Si' | 'No'
    if (f.search) body.search = f.search
    res = await driverPostingsApi.filter(context, token, body)
  } else if (f.search) {
    res = await driverPostingsApi.search(context, token, f.search, page)
  } else {
    res = await driverPostingsApi.list(context, token, page)
  }
  return { res, filtered }
}

/**
 * Apply, withdraw, save, unsave: the same action on every postings page. With JS (a fetcher) the
 * answer is data (`notice`, or `errors`) and the page's loaders revalidate; without JS, back to the
 * same URL with a flash.
 */
export async function postingAction(args: { request: Request; context: AppLoadContext }) {
  const session = await requireSession(args.request, args.context, 'User')
  return formAction(postingIntents(args.request, args.context, session.token))(args)
}

/** The four posting intents, for a page whose action answers more (the applied list's messages). */
export function postingIntents(request: Request, context: AppLoadContext, token: string) {
  const act =
    (intent: DriverPostingAction) =>
    async ({ formData, reply, fail, failTo }: Tools<object>) => {
      const id = Number(formData.get('id_publication'))
      if (!Number.isSafeInteger(id) || id <= 0) return reply({ errors: ['Publicación inválida'] }, 400)
      const res = await driverPostingsApi.act(context, token, intent, id)
      const url = new URL(request.url)
      const back = `${url.pathname}${url.search}`
      if (!res.ok) {
        const message = joinMessage(res.message)
        return fromEnhancedPage(formData)
          ? fail(res, { errors: [message] })
          : failTo(res, back, { type: 'error', message })
      }
      if (fromEnhancedPage(formData)) return reply({ notice: res.data.message })
      return redirectWithToast(back, { type: 'success', message: res.data.message })
    }
  return { postular: act('postular'), retirar: act('retirar'), guardar: act('guardar'), quitar: act('quitar') }
}

const OWN_LIST_NAME = { saved: 'guardadas', applied: 'postuladas' } as const

/** The driver's saved or applied postings (spec §8 lists), one page, with the spec's error text. */
export async function ownPostingsPage(request: Request, context: AppLoadContext, kind: 'saved' | 'applied') {
  const session = await requireSession(request, context, 'User')
  const page = pageParam(new URL(request.url))
  const res = await driverPostingsApi[kind](context, session.token, page)
  if (!res.ok) await signOutIfRefused(request, res.status)
  return {
    page,
    postings: res.ok ? res.data.jobPostings : [],
    count: res.ok ? res.data.count : 0,
    // Spec §8.
    error: res.ok ? null : `Error al obtener las publicaciones ${OWN_LIST_NAME[kind]}: ${joinMessage(res.message)}`,
  }
}
