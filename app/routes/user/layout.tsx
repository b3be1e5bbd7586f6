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
import {
  avatarUrl,
  BANK_PATH,
  DOCUMENTS_PATH,
  HOME_PATH,
  MY_DATA_PATH,
  PROFILE_PATH,
  SECURITY_PATH,
} from '#app/components/driver/urls'
import { POSTINGS_PATH } from '#app/components/marketplace/posting-links'
import { buttonClass } from '#app/components/ui/button'
import { SkipLink } from '#app/components/ui/skip-link'
import '#app/components/driver/driver.css'
import type { Route } from './+types/layout'

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSession(request, context, 'User')
  await requireCurrentConsents(request, context, 'User', session)
  const { firstname, lastname, img_profile } = session.user
  // Companies' messages not read yet (decision 105), on the way to the applications on every page:
  // the session's answer says how many (decision 124); an answer without the count still asks.
  const unreadMessages = session.user.unread_messages ?? (await unreadCount(context, session.token))
  return {
    user: { fullName: `${firstname} ${lastname}`.trim(), avatar: avatarUrl(img_profile) },
    unreadMessages,
  }
}

async function unreadCount(context: Route.LoaderArgs['context'], token: string) {
  const unread = await threadsApi.driverUnread(context, token)
  return unread.ok ? unread.data.unread : 0
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
  /**
   * When the entry is marked as the page shown: on its path only ('exact'), on its path and the pages
   * below it ('below'), or never ('never': «Documentos» is a section of the home, and the server does
   * not see an address's #fragment).
   */
  current: 'exact' | 'below' | 'never'
}

const HOME: DriverNavItem = { to: HOME_PATH, label: 'Inicio', icon: 'home', current: 'exact' }
const DOCUMENTS: DriverNavItem = { to: DOCUMENTS_PATH, label: 'Documentos', icon: 'checklist', current: 'never' }
const OFFERS: DriverNavItem = { to: POSTINGS_PATH, label: 'Ofertas', icon: 'briefcase', current: 'below' }

/** Top-level entries of the driver sidebar, in order: the same places as the bottom tabs. */
export const DRIVER_NAV_ITEMS: DriverNavItem[] = [HOME, DOCUMENTS, OFFERS]

/** The «Perfil» group of the sidebar: every settings page (the bottom tab «Perfil» opens the first). */
export const DRIVER_SETTINGS_ITEMS: DriverNavItem[] = [
  // «Mi perfil» lives at /settings, whose sub-pages have their own entries.
  { to: PROFILE_PATH, label: 'Mi perfil', icon: 'user', current: 'exact' },
  { to: BANK_PATH, label: 'Datos bancarios', icon: 'bank', current: 'below' },
  { to: SECURITY_PATH, label: 'Seguridad', icon: 'shield', current: 'below' },
  { to: MY_DATA_PATH, label: 'Mis datos', icon: 'file', current: 'below' },
]

/**
 * The bottom tabs below 1024 px, the only navigation there (no menu to open): «Perfil» stands for
 * every settings page, which list one another at their top.
 */
const BOTTOM_ITEMS: DriverNavItem[] = [
  HOME,
  DOCUMENTS,
  OFFERS,
  { to: PROFILE_PATH, label: 'Perfil', icon: 'user', current: 'below' },
]

function sideLinkClass(isActive: boolean) {
  return (
    'flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ' +
    (isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100')
  )
}

/**
 * A menu entry marked as the current page: NavLink in the browser; on the server the anchor it
 * writes, from the layout's location with NavLink's rule (decision 68). Plain links: they work
 * without JS.
 */
function MenuLink({
  item,
  pathname,
  className,
  children,
}: {
  item: DriverNavItem
  pathname: string
  className: (isActive: boolean) => string
  children: React.ReactNode
}) {
  // A link to a section is never the current page: NavLink would mark it on the home, the server not.
  if (item.current === 'never')
    return (
      <Link to={item.to} className={className(false)}>
        {children}
      </Link>
    )
  const end = item.current === 'exact'
  if (!import.meta.env.SSR) {
    return (
      <NavLink to={item.to} end={end} className={({ isActive }) => className(isActive)}>
        {children}
      </NavLink>
    )
  }
  const isActive = isCurrentPath(pathname, item.to, end)
  return (
    <a aria-current={isActive ? 'page' : undefined} className={className(isActive)} href={item.to} data-discover="true">
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
    <MenuLink item={item} pathname={pathname} className={sideLinkClass}>
      <Icon name={item.icon} />
      {item.label}
      {item.to === APPLICATIONS_ENTRY ? <UnreadBadge n={unread} className="ml-auto" /> : null}
    </MenuLink>
  )
}

const HELP: DriverNavItem = { to: '/ayuda', label: 'Ayuda', icon: 'help', current: 'exact' }

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
          Perfil
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
          <SideLink item={HELP} pathname={pathname} />
        </li>
      </ul>
    </nav>
  )
}

function BottomNav({ pathname, unread }: { pathname: string; unread: number }) {
  return (
    <nav
      aria-label="Navegación inferior"
      className={
        'fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white ' +
        'pb-[env(safe-area-inset-bottom)] lg:hidden'
      }
    >
      <ul className="mx-auto grid max-w-lg grid-cols-4">
        {BOTTOM_ITEMS.map((item) => (
          <li key={item.label}>
            <MenuLink
              item={item}
              pathname={pathname}
              className={(isActive) =>
                // One line per label, so the bar is 3.5 rem tall at every width (the posting's pinned
                // actions sit on it).
                'flex h-14 flex-col items-center justify-center gap-0.5 px-1 text-center text-xs whitespace-nowrap ' +
                (isActive
                  ? 'font-semibold text-brand-700 shadow-[inset_0_3px_0_var(--color-brand-700)]'
                  : 'font-medium text-slate-700 hover:text-slate-900')
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
  const arrivingAtBanks =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith(BANK_PATH) &&
    !location.pathname.startsWith(BANK_PATH)

  return (
    <div className="min-h-screen bg-slate-50" data-driver-area>
      <SkipLink />
      <header
        className={
          'sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b ' +
          'border-slate-200 bg-white px-4 sm:px-6'
        }
      >
        <Link to="/" aria-label="Fleeters, ir al inicio" className="flex min-h-11 min-w-11 shrink-0 items-center">
          <DriverLogo />
        </Link>
        <div className="flex min-w-0 items-center gap-1">
          <Link
            to={PROFILE_PATH}
            className="flex min-h-11 min-w-0 items-center gap-2.5 rounded-md px-1 py-1 hover:bg-slate-50"
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
          </Link>
          {/* Below 1024 px the sidebar is not there: help and logging out stay one tap from every page. */}
          <Link to={HELP.to} className={buttonClass('ghost', 'p-2 text-base lg:hidden')} title="Ayuda">
            <Icon name="help" />
            <span className="sr-only">Ayuda</span>
          </Link>
          <Form method="post" action="/logout" className="lg:hidden">
            <button type="submit" className={buttonClass('ghost', 'p-2 text-base')} title="Cerrar sesión">
              <Icon name="logout" />
              <span className="sr-only">Cerrar sesión</span>
            </button>
          </Form>
        </div>
      </header>
      {/* A row as tall as the page at least, so the sidebar's white column runs to the bottom however
          long the page is, while its menu stays in view (sticky) as the page scrolls. */}
      <div className="lg:flex lg:min-h-[calc(100dvh-3.5rem)]">
        <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
          <div className="sticky top-14 flex max-h-[calc(100dvh-3.5rem)] min-h-[calc(100dvh-3.5rem)] flex-col">
            <Sidebar pathname={location.pathname} unread={unreadMessages} />
          </div>
        </aside>
        {/* Room below the content for the bottom tabs and the phone's home indicator. */}
        <div className="min-w-0 flex-1 pb-[calc(4.5rem+env(safe-area-inset-bottom))] lg:pb-0">
          <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
            {arrivingAtBanks ? <BankListSkeleton /> : <Outlet />}
          </div>
        </div>
      </div>
      <BottomNav pathname={location.pathname} unread={unreadMessages} />
    </div>
  )
}
