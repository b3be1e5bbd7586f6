import type { Route } from './+types/files.$id'
import { proxyPrivateFile } from './driver.server'

/**
 * A driver's document, streamed to its owner only (the service checks ownership; another
 * driver's or a made-up id is a 404). Inline, with the type the service found in the bytes.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return proxyPrivateFile(request, context, `/users/files/${params.id}`, params.id)
}
