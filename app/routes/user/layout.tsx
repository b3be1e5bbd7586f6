import { Form, Link, NavLink, Outlet, useLoaderData } from 'react-router'
import { requireSession } from '../../.server/auth'
import { Logo } from '../../components/icons'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request, 'User')
  const { firstname, lastname, img_profile } = session.user
  return { user: { firstname, lastname, img_profile } }
}

const LINKS = [{ to: '/user/dashboard/home', label: 'Inicio' }]

function linkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`
}

export default function DriverLayout() {
  const { user } = useLoaderData<typeof loader>()
  const fullName = `${user.firstname} ${user.lastname}`
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <Link to="/" aria-label="Fleeters, ir al inicio">
          <Logo />
        </Link>
        <div className="flex items-center gap-3">
          <img src={user.img_profile ?? '/images/default-avatar.svg'} alt="" width={36} height={36} className="h-9 w-9 rounded-full border border-slate-200 object-cover" />
          <span className="text-sm font-semibold text-slate-900">{fullName}</span>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
        <nav aria-label="Panel del conductor" className="lg:w-56 lg:shrink-0">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={linkClass}>{l.label}</NavLink>
              </li>
            ))}
            <li>
              <NavLink to="/ayuda" className={linkClass}>Ayuda</NavLink>
            </li>
            <li>
              <Form method="post" action="/logout">
                <button type="submit" className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100">
                  Cerrar sesión
                </button>
              </Form>
            </li>
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  )
}
