import { fetchPowerIdImage } from '#app/.server/backend/admin'
import type { Route } from './+types/power-id-image'
import { proxyAdminFile, requireAdmin } from './admin.server'

const SIDES = { anverso: 'front', reverso: 'back' } as const

/** A simple power owner's ID image (anverso or reverso) for the reviewer, inline. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const side = SIDES[params.lado as keyof typeof SIDES]
  if (!/^\d{1,12}$/.test(params.id) || !side) return new Response('No encontrado', { status: 404 })
  return proxyAdminFile(await fetchPowerIdImage(context, session.token, params.id, side))
}
