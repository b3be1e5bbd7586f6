import { Link, NavLink, Outlet } from 'react-router'
import { MenuIcon, WhatsAppIcon } from '#app/components/icons'
import { Logo } from '#app/components/logo'
import { buttonClass } from '#app/components/ui/button'
import { SkipLink } from '#app/components/ui/skip-link'
import { useRootData } from '#app/root'
import { yearInChile } from '#domain/chile-year'

const NAV_LINKS = [
  { to: '/', label: 'Inicio' },
  { to: '/empresas', label: 'Empresas' },
  { to: '/preguntas-frecuentes', label: 'Preguntas frecuentes' },
  { to: '/contacto', label: 'Contacto' },
  { to: '/ayuda', label: 'Ayuda' },
]

function navClass({ isActive }: { isActive: boolean }) {
  return (
    'flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium ' +
    (isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900')
  )
}

function AccountLinks({ stacked = false }: { stacked?: boolean }) {
  const root = useRootData()
  const env = root?.env
  const user = root?.user
  const wide = stacked ? 'flex w-full' : ''
  if (user) {
    const home =
      user.role === 'User' ? '/user/dashboard/home' : user.role === 'business' ? '/business/dashboard' : '/admin'
    return (
      <Link to={home} className={buttonClass('primary', wide)}>
        Mi panel
      </Link>
    )
  }
  return (
    <>
      <a
        href={env?.loginUrl ?? '/login'}
        className={buttonClass('ghost', `text-brand-700 hover:bg-brand-50 hover:text-brand-700 ${wide}`)}
      >
        Iniciar sesión
      </a>
      <a href={env?.signupUrl ?? '/register'} className={buttonClass('accent', wide)}>
        Regístrate
      </a>
    </>
  )
}

function NavLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {NAV_LINKS.map((l) => (
        <li key={l.to}>
          <NavLink to={l.to} end className={navClass}>
            {l.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

function Navbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <SkipLink />
      <nav
        aria-label="Principal"
        className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6"
      >
        <Link to="/" aria-label="Fleeters, ir al inicio" className="flex min-h-11 min-w-11 shrink-0 items-center">
          <Logo />
        </Link>
        <NavLinks className="hidden items-center gap-1 min-[769px]:flex" />
        <div className="hidden items-center gap-2 min-[769px]:flex">
          <AccountLinks />
        </div>
        {/* At 768 px or narrower (spec §2; Tailwind's md starts at 768) the links fold into a menu that
            needs no JS. */}
        <details className="group relative min-[769px]:hidden">
          <summary
            className={
              'flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 ' +
              'text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden'
            }
          >
            <MenuIcon />
            <span className="text-sm font-medium">Menú</span>
          </summary>
          <div className="absolute right-0 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-xl">
            <NavLinks className="space-y-1" />
            <div className="mt-3 space-y-2 border-t border-slate-200 pt-3">
              <AccountLinks stacked />
            </div>
          </div>
        </details>
      </nav>
    </header>
  )
}

/** Footer links: one per line, each a 44 px tall target. */
const FOOTER_LINK = 'inline-flex min-h-11 items-center hover:underline'

function Footer() {
  const env = useRootData()?.env
  const signup = env?.signupUrl ?? '/register'
  return (
    <footer className="mt-16 bg-brand-900 text-slate-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">Fleeters</p>
          <p className="mt-2 text-sm text-slate-300">
            Conectamos conductores independientes de última milla con empresas que necesitan mover su carga en Chile.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-accent-400">Conductores</h2>
          <ul className="mt-2 text-sm">
            <li>
              <a className={FOOTER_LINK} href={signup}>
                Quiero conducir
              </a>
            </li>
            <li>
              <a className={FOOTER_LINK} href={signup}>
                Trabaja con nosotros
              </a>
            </li>
            <li>
              <a className={FOOTER_LINK} href={env?.loginUrl ?? '/login'}>
                Iniciar sesión
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-accent-400">Empresas</h2>
          <ul className="mt-2 text-sm">
            <li>
              <Link className={FOOTER_LINK} to="/empresas">
                Servicios para empresas
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK} to="/contacto">
                Contacto
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-accent-400">Ayuda</h2>
          <ul className="mt-2 text-sm">
            <li>
              <Link className={FOOTER_LINK} to="/preguntas-frecuentes">
                Preguntas frecuentes
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK} to="/ayuda">
                Consultas y reclamos
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK} to="/terminos-condiciones">
                Términos y condiciones
              </Link>
            </li>
            <li>
              <Link className={FOOTER_LINK} to="/privacidad">
                Política de privacidad
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 px-4 pt-4 pb-24 text-center text-xs text-slate-300 sm:pb-4">
        © {yearInChile(new Date())} Fleeters. Región Metropolitana, Chile.
      </p>
    </footer>
  )
}

/**
 * The floating WhatsApp button. At 375 px a form's fields run the page's full width, so a fixed
 * button would sit on one of them as the page scrolls: while a form control has focus it hides
 * (CSS :has, so with or without JS), and the footer below every page lets the last control scroll
 * clear of it (checked in e2e/tap-targets.spec.ts).
 */
function WhatsAppLink() {
  const phone = useRootData()?.env.whatsappPhone
  if (!phone) return null
  return (
    <a
      href={`https://wa.me/${phone}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp"
      className={
        'fixed right-4 bottom-4 z-40 flex h-14 w-14 ' +
        '[body:has(:is(input,select,textarea,button):focus)_&]:hidden items-center ' +
        'justify-center rounded-full bg-[#1a7f45] text-white shadow-lg hover:bg-[#146236] ' +
        'sm:right-6 sm:bottom-6'
      }
    >
      <WhatsAppIcon />
    </a>
  )
}

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
      <WhatsAppLink />
    </div>
  )
}
