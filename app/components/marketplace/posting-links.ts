import { pagePath } from '#app/paths'

/**
 * Where a posting lives for a driver, and how a visitor gets there. Kept free
 * of components so the home page can import it without the marketplace's pages.
 */
export const POSTINGS_PATH = pagePath('/user/dashboard/job-postings')

/**
 * The posting's own page (decision 102). `from`: the list it was opened from, with its filters
 * and page («Volver» goes back there); left out when that is the plain list.
 */
export function postingPath(id: number, from?: string): string {
  const path = `${POSTINGS_PATH}/${id}`
  return from && from !== POSTINGS_PATH ? `${path}?${new URLSearchParams({ desde: from })}` : path
}

/** The lists a posting page may lead back to, with the words of its «Volver» link. */
const BACK_LISTS: Record<string, string> = {
  [POSTINGS_PATH]: 'Volver a Ofertas',
  [`${POSTINGS_PATH}/guardadas`]: 'Volver a Guardadas',
  [`${POSTINGS_PATH}/postuladas`]: 'Volver a Mis postulaciones',
}

/**
 * The «Volver» link of a posting page from its `desde`: one of the driver's postings lists with
 * its query, else the plain list (anything else, another site included, is ignored).
 */
export function backFromPosting(desde: string | null): { to: string; label: string } {
  const plain = { to: POSTINGS_PATH, label: BACK_LISTS[POSTINGS_PATH]! }
  if (!desde?.startsWith('/') || desde.startsWith('//')) return plain
  const url = new URL(desde, 'http://fleeters.invalid')
  const label = url.origin === 'http://fleeters.invalid' ? BACK_LISTS[url.pathname] : undefined
  return label ? { to: `${url.pathname}${url.search}`, label } : plain
}

export interface AccountUrls {
  signupUrl: string
  loginUrl: string
}

/**
 * A visitor heading for `target` (a driver page): registration carrying it, so that register →
 * login → `target` (login.tsx honours a safe `redirectTo`). A registration or login hosted
 * elsewhere cannot carry it: then our own login does, or the external sign-up as it is.
 */
export function visitorPath(target: string, { signupUrl, loginUrl }: AccountUrls): string {
  const carry = new URLSearchParams({ redirectTo: target })
  if (signupUrl === '/register') return `/register?${carry}`
  if (loginUrl === '/login') return `/login?${carry}`
  return signupUrl
}

/** The links of the home page's postings: straight to the posting once signed in, else through sign-up. */
export function homePostingLinks(signedIn: boolean, urls: AccountUrls) {
  const to = (target: string) => (signedIn ? target : visitorPath(target, urls))
  return { posting: (id: number) => to(postingPath(id)), all: to(POSTINGS_PATH), signedIn }
}

/**
 * «Ver todas» under «Publicaciones para ti»: the list filtered as the section matched, as far as
 * the list's filters go (one vehicle; the region when every commune is in one).
 */
export function forYouListPath(
  basis: { vehicles: Array<{ id_vehicle: number }>; communes: Array<{ id_region: number }> },
  zoneOf: (regionId: number) => number | undefined,
): string {
  const params = new URLSearchParams()
  if (basis.vehicles.length === 1) params.set('id_vehicle', String(basis.vehicles[0]!.id_vehicle))
  const regions = [...new Set(basis.communes.map((c) => c.id_region))]
  const zone = regions.length === 1 ? zoneOf(regions[0]!) : undefined
  if (zone !== undefined) {
    params.set('id_zone', String(zone))
    params.set('id_region', String(regions[0]))
  }
  return params.size ? `${POSTINGS_PATH}?${params}` : POSTINGS_PATH
}
