import { securityAction, securityLoader } from '#app/.server/account-security'
import { AccountSecurityPage } from '#app/components/auth/account-security'
import type { Route } from './+types/security'

const BUSINESS_SECURITY_PATH = '/business/dashboard/seguridad'

export const meta: Route.MetaFunction = () => [{ title: 'Seguridad | Panel de empresa | Fleeters' }]

/** The company's account security (issue 16 item 6; decision 53): password and open sessions. */
export function loader({ request, context }: Route.LoaderArgs) {
  return securityLoader(request, context, 'business')
}

export function action({ request, context }: Route.ActionArgs) {
  return securityAction(request, context, 'business', BUSINESS_SECURITY_PATH)
}

export default AccountSecurityPage
