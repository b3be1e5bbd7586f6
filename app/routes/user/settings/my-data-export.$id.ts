import { myDataExportFile } from '#app/.server/my-data'
import type { Route } from './+types/my-data-export.$id'

/** The driver's export ZIP, to its owner only, for 7 days (decision 75). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return myDataExportFile(request, context, 'User', params.id)
}
