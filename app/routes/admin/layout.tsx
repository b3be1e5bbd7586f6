import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from 'react-router'
import { Logo } from '#app/components/logo'
import { buttonClass } from '#app/components/ui/button'
import { SkipLink } from '#app/components/ui/skip-link'
import { Tabs } from '#app/components/ui/tabs'
import type { Route } from './+types/layout'
import { requireAdmin } from './admin.server'

/** The operations console: live admin sessions only; drivers and companies go back to `/`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context)
  const administrador = session.user.staff_role === 'administrador'
  return {
    name: `${session.user.firstname} ${session.user.lastname}`.trim() || session.user.email,
    roleLabel: administrador ? 'Administrador' : 'Revisor',
    // Only what the role may do (decision 77); the services refuse the rest anyway.
    nav: NAV.filter((item) => administrador || !item.administrador),
  }
}

/**
 * Every navigation asks the users service again whether the session is live, pages without a loader
 * of their own included.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true

const NAV = [
  { to: '/admin', label: 'Inicio', end: true, administrador: false },
  { to: '/admin/documentos', label: 'Documentos', end: false, administrador: false },
  { to: '/admin/conductores', label: 'Conductores', end: false, administrador: false },
  { to: '/admin/empresas', label: 'Empresas', end: false, administrador: true },
  { to: '/admin/contenido', label: 'Contenido', end: false, administrador: true },
  { to: '/admin/equipo', label: 'Equipo', end: false, administrador: true },
  // The team's review figures (decision 92)
  { to: '/admin/rendimiento', label: 'Rendimiento', end: false, administrador: true },
  // Privacy requests (Ley 21.719, decision 75)
  { to: '/admin/solicitudes', label: 'Solicitudes', end: false, administrador: true },
  // Health and the outbox's backlog (docs/operations.md)
  { to: '/admin/operacion', label: 'Operación', end: false, administrador: true },
  // The periodic jobs (decision 81)
  { to: '/admin/tareas', label: 'Tareas', end: false, administrador: true },
]

export default function AdminLayout() {
  const { name, roleLabel, nav } = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  const current = nav.find((item) => (item.end ? pathname === item.to : pathname.startsWith(item.to)))
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <Link to="/" aria-label="Fleeters, ir al inicio" className="flex min-h-11 min-w-11 shrink-0 items-center">
              <Logo className="h-7 w-auto" />
            </Link>
            <span className="rounded bg-slate-900 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
              Operaciones
            </span>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-sm font-semibold text-slate-900" data-testid="admin-nombre">
              {name}
            </span>
            <span className="text-sm text-slate-700" data-testid="admin-rol">
              {roleLabel}
            </span>
            <Form method="post" action="/logout">
              <button type="submit" className={buttonClass('ghost', 'px-3 py-1.5 text-sm')}>
                Cerrar sesión
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Consola de operaciones" className="mx-auto max-w-7xl px-4 sm:px-6">
          {/* On a phone the sections fold into one menu (a native <details>, no JS) instead of a
              row of tabs scrolling sideways. */}
          <details className="group pb-2 sm:hidden">
            <summary
              className={
                'flex min-h-11 cursor-pointer list-none items-center justify-between rounded-lg border ' +
                'border-slate-300 px-3 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden'
              }
            >
              <span>
                <span className="font-normal text-slate-600">Sección: </span>
                {current?.label ?? 'Menú'}
              </span>
              <span aria-hidden="true" className="text-brand-700 group-open:rotate-180">
                ▾
              </span>
            </summary>
            <ul className="mt-1 grid grid-cols-2 gap-1">
              {nav.map(({ to, label, end }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    className={
                      'flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 ' +
                      'hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700'
                    }
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
          <Tabs className="max-sm:hidden" items={nav.map(({ to, label, end }) => ({ to, label, end }))} />
        </nav>
      </header>
      <main id="contenido" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Outlet />
      </main>
    </div>
  )
}
