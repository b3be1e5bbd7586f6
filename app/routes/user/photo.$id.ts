import type { Route } from './+types/photo.$id'
import { proxyPrivateFile } from './driver.server'

/** The driver's profile image, served to its owner through the session (see files.$id.ts). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return proxyPrivateFile(request, context, `/users/profile-image/${params.id}`, params.id)
}
