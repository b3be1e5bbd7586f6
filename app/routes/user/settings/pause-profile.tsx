import { accountClosureLoader, pauseAction } from '#app/.server/account-closure'
import { PauseProfilePage } from '#app/components/privacy/account-closure'
import { pagePath } from '#app/paths'
import type { Route } from './+types/pause-profile'

export const meta: Route.MetaFunction = () => [{ title: 'Pausar mi perfil | Panel del conductor | Fleeters' }]

const PAUSE_PATH = pagePath('/user/dashboard/settings/mis-datos/pausar')

/** «Pausar mi perfil» and the opt-out of a driver (Ley 21.719, bloqueo y oposición; decision 76). */
export function loader({ request, context }: Route.LoaderArgs) {
  return accountClosureLoader(request, context, 'User')
}

export function action({ request, context }: Route.ActionArgs) {
  return pauseAction(request, context, 'User', PAUSE_PATH)
}

export default function DriverPauseProfile({ loaderData, actionData }: Route.ComponentProps) {
  return <PauseProfilePage area="User" state={loaderData} feedback={actionData} />
}
