import { useEffect, useRef } from 'react'
import {
  Form,
  Link,
  NavLink,
  Outlet,
  type ShouldRevalidateFunction,
  useLoaderData,
  useLocation,
  useNavigation,
} from 'react-router'
import { requireSession } from '#app/.server/auth'
import { threadsApi } from '#app/.server/backend/messages'
import { requireCurrentConsents } from '#app/.server/consents'
import { isCurrentPath } from '#app/components/driver/current-path'
import { DriverLogo, Icon, type IconName } from '#app/components/driver/icons'
import { BankListSkeleton } from '#app/components/driver/skeleton'
import { avatarUrl, BANK_PATH, HOME_PATH, MY_DATA_PATH, PROFILE_PATH, SECURITY_PATH } from '#app/components/driver/urls'
import { ServerLink } from '#app/components/ui/app-link'
import { buttonClass } from '#app/components/ui/button'
import { SkipLink } from '#app/components/ui/skip-link'
import '#app/components/driver/driver.css'
import type { Route } from './+types/layout'

/** `<Link>` in the browser, its markup alone on the server (decision 68). */
const AppLink = import.meta.env.SSR ? ServerLink : Link

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  await requireCurrentConsents(request, context, 'User', session.token)
  const { firstname, lastname, img_profile } = session.user
  // Companies' messages not read yet (decision 105): on the way to the applications, on every page.
  const unread = await threadsApi.driverUnread(context, session.token)
  return {
    user: { fullName: `${firstname} ${lastname}`.trim(), avatar: avatarUrl(img_profile) },
    unreadMessages: unread.ok ? unread.data.unread : 0,
  }
}

/**
 * Every navigation asks the users service again whether the session is live, pages without a loader
 * of their own included.
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => true

export interface DriverNavItem {
  to: string
  label: string
  icon: IconName
}

/** Top-level entries of the driver sidebar, in order. */
export const DRIVER_NAV_ITEMS: DriverNavItem[] = [
  { to: HOME_PATH, label: 'Inicio', icon: 'home' },
  { to: '/user/dashboard/job-postings', label: 'Publicaciones', icon: 'file' },
]

/** The "Configuración" group of the sidebar. */
export const DRIVER_SETTINGS_ITEMS: DriverNavItem[] = [
  { to: PROFILE_PATH, label: 'Mi perfil', icon: 'user' },
  { to: BANK_PATH, label: 'Datos bancarios', icon: 'bank' },
  { to: SECURITY_PATH, label: 'Seguridad', icon: 'shield' },
  { to: MY_DATA_PATH, label: 'Mis datos', icon: 'file' },
]

/** Bottom navigation on small screens (spec §2), finding work one tap away. */
const BOTTOM_ITEMS: DriverNavItem[] = [...DRIVER_NAV_ITEMS, ...DRIVER_SETTINGS_ITEMS.slice(0, 2)]

const MENU_ID = 'driver-menu-toggle'

function sideLinkClass(isActive: boolean) {
  return (
    'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ' +
    (isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100')
  )
}

/**
 * A menu entry marked as the current page: NavLink in the browser; on the server the anchor it
 * writes, from the layout's location with NavLink's rule (decision 68).
 */
function MenuLink({
  to,
  pathname,
  className,
  children,
}: {
  to: string
  pathname: string
  className: (isActive: boolean) => string
  children: React.ReactNode
}) {
  // Mi perfil lives at /settings, whose sub-pages have their own entries.
  const end = to === PROFILE_PATH
  if (!import.meta.env.SSR) {
    return (
      <NavLink to={to} end={end} className={({ isActive }) => className(isActive)}>
        {children}
      </NavLink>
    )
  }
  const isActive = isCurrentPath(pathname, to, end)
  return (
    <a aria-current={isActive ? 'page' : undefined} className={className(isActive)} href={to} data-discover="true">
      {children}
    </a>
  )
}

/** The entry that leads to the driver's applications carries the unread messages' count. */
const APPLICATIONS_ENTRY = '/user/dashboard/job-postings'

function UnreadBadge({ n, className }: { n: number; className: string }) {
  if (!n) return null
  return (
    <span className={`rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white ${className}`}>
      {n}
      <span className="sr-only"> {n === 1 ? 'mensaje sin leer' : 'mensajes sin leer'}</span>
    </span>
  )
}

function SideLink({ item, pathname, unread = 0 }: { item: DriverNavItem; pathname: string; unread?: number }) {
  return (
    <MenuLink to={item.to} pathname={pathname} className={sideLinkClass}>
      <Icon name={item.icon} />
      {item.label}
      {item.to === APPLICATIONS_ENTRY ? <UnreadBadge n={unread} className="ml-auto" /> : null}
    </MenuLink>
  )
}

function Sidebar({ pathname, unread }: { pathname: string; unread: number }) {
  return (
    <nav aria-label="Panel del conductor" className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto p-4">
      <ul className="space-y-1">
        {DRIVER_NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <SideLink item={item} pathname={pathname} unread={unread} />
          </li>
        ))}
      </ul>
      <div>
        <p className="flex items-center gap-2 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <Icon name="settings" className="h-4 w-4" />
          Configuración
        </p>
        <ul className="mt-2 space-y-1">
          {DRIVER_SETTINGS_ITEMS.map((item) => (
            <li key={item.to}>
              <SideLink item={item} pathname={pathname} />
            </li>
          ))}
        </ul>
      </div>
      <ul className="mt-auto space-y-1 border-t border-slate-200 pt-4">
        <li>
          <Form method="post" action="/logout">
            <button
              type="submit"
              className={
                'flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm ' +
                'font-medium text-slate-800 hover:bg-slate-100'
              }
            >
              <Icon name="logout" />
              Cerrar sesión
            </button>
          </Form>
        </li>
        <li>
          <MenuLink to="/ayuda" pathname={pathname} className={sideLinkClass}>
            <Icon name="help" />
            Ayuda
          </MenuLink>
        </li>
      </ul>
    </nav>
  )
}

function BottomNav({ pathname, unread }: { pathname: string; unread: number }) {
  return (
    <nav
      aria-label="Navegación inferior"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white sm:hidden"
    >
      <ul className="grid grid-cols-4">
        {BOTTOM_ITEMS.map((item) => (
          <li key={item.to}>
            <MenuLink
              to={item.to}
              pathname={pathname}
              className={(isActive) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 py-2 text-center ` +
                `text-xs font-medium ${isActive ? 'text-brand-700' : 'text-slate-700'}`
              }
            >
              <span className="relative">
                <Icon name={item.icon} />
                {item.to === APPLICATIONS_ENTRY ? (
                  <UnreadBadge n={unread} className="absolute -top-2 left-3.5" />
                ) : null}
              </span>
              {item.label}
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export default function DriverLayout() {
  const { user, unreadMessages } = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  const toggle = useRef<HTMLInputElement>(null)
  // With JS the layout survives navigations: close the menu once the new page is there.
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false
  }, [location.pathname])
  const arrivingAtBanks =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith(BANK_PATH) &&
    !location.pathname.startsWith(BANK_PATH)

  return (
    <div className="min-h-screen bg-slate-50 pb-20 sm:pb-0">
      <SkipLink />
      {/* The menu below 1024 px (decision 56): a checkbox, so it opens without JS. */}
      <input ref={toggle} type="checkbox" id={MENU_ID} className="peer sr-only" aria-label="Mostrar menú" />
      <header
        className={
          'sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b ' +
          'border-slate-200 bg-white px-4 sm:px-6'
        }
      >
        <div className="flex min-w-0 items-center gap-2">
          <label
            htmlFor={MENU_ID}
            className={
              'flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md p-2 ' +
              'text-slate-800 hover:bg-slate-100 lg:hidden'
            }
            title="Menú"
          >
            <Icon name="menu" className="h-6 w-6" />
            <span className="sr-only">Menú</span>
          </label>
          <AppLink to="/" aria-label="Fleeters, ir al inicio" className="flex min-h-11 min-w-11 shrink-0 items-center">
            <DriverLogo />
          </AppLink>
        </div>
        <div className="flex min-w-0 items-center gap-1">
          <AppLink
            to={PROFILE_PATH}
            className="flex min-w-0 items-center gap-2.5 rounded-md px-1 py-1 hover:bg-slate-50"
          >
            <img
              src={user.avatar}
              alt=""
              width={36}
              height={36}
              className="h-9 w-9 shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
            />
            <span className="truncate text-sm font-semibold text-slate-900" data-testid="driver-name">
              {user.fullName}
            </span>
          </AppLink>
          {/* While the sidebar is folded away, logging out stays one click from every page. */}
          <Form method="post" action="/logout" className="lg:hidden">
            <button type="submit" className={buttonClass('ghost', 'p-2 text-base')} title="Cerrar sesión">
              <Icon name="logout" />
              <span className="sr-only">Cerrar sesión</span>
            </button>
          </Form>
        </div>
      </header>
      {/* The backdrop closes the drawer on a tap; hidden from assistive tech, which has the close button. */}
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control */}
      <label
        htmlFor={MENU_ID}
        aria-hidden="true"
        className="fixed inset-0 z-30 hidden bg-slate-900/40 peer-checked:block lg:peer-checked:hidden"
      />
      {/* Closed, the drawer is invisible too, so its links leave the tab order. */}
      <aside
        className={
          'invisible fixed inset-y-0 left-0 z-40 flex w-72 -translate-x-full flex-col ' +
          'border-r border-slate-200 bg-white transition-transform peer-checked:visible ' +
          'peer-checked:translate-x-0 lg:visible lg:top-14 lg:w-64 lg:translate-x-0'
        }
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 lg:hidden">
          <span className="font-semibold text-slate-900">Menú</span>
          <label
            htmlFor={MENU_ID}
            className={
              'flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-md ' +
              'p-1.5 text-slate-700 hover:bg-slate-100'
            }
          >
            <Icon name="close" />
            <span className="sr-only">Cerrar menú</span>
          </label>
        </div>
        <Sidebar pathname={location.pathname} unread={unreadMessages} />
      </aside>
      <div className="lg:pl-64">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">{arrivingAtBanks ? <BankListSkeleton /> : <Outlet />}</div>
      </div>
      <BottomNav pathname={location.pathname} unread={unreadMessages} />
    </div>
  )
}
