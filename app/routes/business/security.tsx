import { useActionData, useLoaderData } from 'react-router'
import { securityAction, securityLoader } from '#app/.server/account-security'
import { AccountSecurity, type SecurityFeedback } from '#app/components/auth/account-security'
import type { Route } from './+types/security'

const BUSINESS_SECURITY_PATH = '/business/dashboard/seguridad'

export const meta: Route.MetaFunction = () => [{ title: 'Seguridad | Panel de empresa | Fleeters' }]

/** The company's account security (issue 16 item 6; decision 54): password and open sessions. */
export function loader({ request, context }: Route.LoaderArgs) {
  return securityLoader(request, context, 'business')
}

export function action({ request, context }: Route.ActionArgs) {
  return securityAction(request, context, 'business', BUSINESS_SECURITY_PATH)
}

export default function BusinessSecurity() {
  const { sessions, now } = useLoaderData<typeof loader>()
  const feedback = useActionData<typeof action>() as SecurityFeedback | undefined
  return (
    <main id="contenido" className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Seguridad</h1>
      <AccountSecurity sessions={sessions} now={now} feedback={feedback} />
    </main>
  )
}
