import {
  Form,
  isRouteErrorResponse,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunction,
} from 'react-router'
import { requireSession } from '#app/.server/auth'
import { businessApi } from '#app/.server/backend/marketplace'
import { requireCurrentConsents } from '#app/.server/consents'
import { optional } from '#app/.server/responses'
import { Logo, LogoutIcon } from '#app/components/logo'
import { CompanyLogo } from '#app/components/marketplace/posting-facts'
import { VerifiedCompanyBadge } from '#app/components/marketplace/verified-badge'
import { NotFound } from '#app/components/not-found'
import { buttonClass } from '#app/components/ui/button'
import { SkipLink } from '#app/components/ui/skip-link'
import { Tabs } from '#app/components/ui/tabs'
import type { Route } from './+types/layout'

/**
 * The company area (spec §6 business role): a session the users service confirms as `business`;
 * none or a refused one goes to the login and back, another role's to its own home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'business')
  const [res] = await Promise.all([
    businessApi.data(context, session.token),
    requireCurrentConsents(request, context, 'business', session),
  ])
  // The header's company: the session's name and email stand in while the service is away.
  const company = (await optional(request, res)) ?? {
    name: `${session.user.firstname} ${session.user.lastname}`.trim(),
    email: session.user.email,
    phone: '',
    logo: null,
    verified: false,
  }
  return { company }
}

/**
 * Every navigation asks the users service again whether the session is live, pages without a loader
 * of their own included.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true

export type BusinessLayoutData = Awaited<ReturnType<typeof loader>>

const SECURITY = '/business/dashboard/seguridad'
/** «Mis datos» (Ley 21.719, decision 75) and its pages (pausar, eliminar). */
const MY_DATA = '/business/dashboard/mis-datos'

/**
 * Applicants and profiles belong to the postings: that tab stays marked there too, but not on
 * «Seguridad» nor «Mis datos».
 */
function navFor(pathname: string) {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`)
  const security = under(SECURITY)
  const myData = under(MY_DATA)
  return [
    { to: '/business/dashboard', label: 'Publicaciones', current: !security && !myData },
    { to: SECURITY, label: 'Seguridad', current: security },
    { to: MY_DATA, label: 'Mis datos', current: myData },
  ]
}

export default function BusinessLayout() {
  const { company } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="relative border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/" aria-label="Fleeters, ir al inicio" className="flex min-h-11 min-w-11 shrink-0 items-center">
            <Logo className="h-7 w-auto" />
          </Link>
          {/* On a phone the company takes a row of its own, under the logo and «Cerrar sesión». */}
          <div className="flex min-w-0 items-center gap-3 max-sm:order-last max-sm:w-full">
            <CompanyLogo src={company.logo} name={company.name} size="h-9 w-9" />
            <span className="truncate text-sm font-semibold text-slate-900" data-testid="empresa-nombre">
              {company.name}
            </span>
            {company.verified ? (
              <VerifiedCompanyBadge />
            ) : (
              <span className="shrink-0 text-xs text-slate-600">Verificación pendiente</span>
            )}
          </div>
        </div>
        <nav
          aria-label="Panel de empresa"
          className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 sm:px-6"
        >
          <Tabs items={navFor(pathname.replace(/\/+$/, ''))} className="min-w-0" />
          {/* On a phone the three tabs need their whole row: «Cerrar sesión» sits up by the logo, as an icon. */}
          <Form method="post" action="/logout" className="shrink-0 max-sm:absolute max-sm:top-3 max-sm:right-4">
            <button
              type="submit"
              className={buttonClass('ghost', 'p-2 text-sm whitespace-nowrap sm:px-3')}
              title="Cerrar sesión"
            >
              <LogoutIcon className="h-5 w-5 sm:hidden" />
              <span className="max-sm:sr-only">Cerrar sesión</span>
            </button>
          </Form>
        </nav>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        <Outlet />
      </div>
    </div>
  )
}

/** A posting or driver this company cannot see is simply not found (spec §2 not-found page). */
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  throw error
}
