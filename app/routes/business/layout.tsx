import { Form, isRouteErrorResponse, Link, Outlet, redirect, useLoaderData, useRouteError } from 'react-router'
import { requireSession } from '../../.server/auth'
import { businessApi } from '../../.server/backend/marketplace'
import { destroySession } from '../../.server/session'
import { TabList } from '../../components/tab-nav'
import { Logo } from '../../components/icons'
import { CompanyLogo, VerifiedCompanyBadge } from '../../components/marketplace/posting-bits'
import { NotFound } from '../../components/not-found'
import type { Route } from './+types/layout'

/** The company area (spec §6 business role): only a live business session, else back to /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, 'business')
  const res = await businessApi.data(context, session.token)
  // A token the service no longer accepts (revoked, expired) ends the web session too.
  if (!res.ok && (res.status === 401 || res.status === 403)) throw redirect('/', { headers: { 'Set-Cookie': await destroySession(request) } })
  const company = res.ok ? res.data : { name: `${session.user.firstname} ${session.user.lastname}`.trim(), email: session.user.email, phone: '', logo: null, verified: false }
  return { company }
}

export type BusinessLayoutData = Awaited<ReturnType<typeof loader>>

// Applicants and profiles belong to the postings: the tab stays marked there too.
const NAV = [{ to: '/business/dashboard', label: 'Publicaciones', end: false }]

export default function BusinessLayout() {
  const { company } = useLoaderData<typeof loader>()
  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#contenido" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Saltar al contenido
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/" aria-label="Fleeters, ir al inicio" className="shrink-0">
            <Logo className="h-7 w-auto" />
          </Link>
          <div className="flex min-w-0 items-center gap-3">
            <CompanyLogo src={company.logo} name={company.name} size="h-9 w-9" />
            <span className="truncate text-sm font-semibold text-slate-900" data-testid="empresa-nombre">
              {company.name}
            </span>
            {company.verified ? <VerifiedCompanyBadge /> : <span className="shrink-0 text-xs text-slate-600">Verificación pendiente</span>}
          </div>
        </div>
        <nav aria-label="Panel de empresa" className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <TabList items={NAV} />
          <Form method="post" action="/logout">
            <button type="submit" className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900">
              Cerrar sesión
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
