import { NavLink, Outlet } from 'react-router'
import { Icon, type IconName } from '#app/components/driver/icons'
import { BANK_PATH, MY_DATA_PATH, PROFILE_PATH, SECURITY_PATH } from '#app/components/driver/urls'

const SETTINGS_MENU: Array<{ to: string; label: string; icon: IconName }> = [
  { to: PROFILE_PATH, label: 'Mi perfil', icon: 'user' },
  { to: BANK_PATH, label: 'Datos bancarios', icon: 'bank' },
  { to: SECURITY_PATH, label: 'Seguridad', icon: 'shield' },
  { to: MY_DATA_PATH, label: 'Mis datos', icon: 'file' },
]

/**
 * The menu above every settings page, «Perfil» (the bottom tab of that name opens its first page), so
 * «Datos bancarios», «Seguridad» and «Mis datos» are one tap away on a phone too («Seguridad» has content
 * of its own since decision 53).
 */
export default function SettingsLayout() {
  return (
    <div className="space-y-6">
      <nav aria-label="Perfil">
        {/* Two rows of two on a phone: four tabs in one row would scroll the current one out of view. */}
        <ul className="grid grid-cols-2 gap-x-1 border-b border-slate-200 sm:flex">
          {SETTINGS_MENU.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                // «Mis datos» stays marked on its own pages (pausar, eliminar, accesos).
                end={item.to !== MY_DATA_PATH}
                className={({ isActive }) =>
                  '-mb-px flex min-h-11 items-center gap-2 border-b-2 px-2.5 py-2 sm:px-3 text-sm font-medium ' +
                  (isActive
                    ? 'border-brand-700 text-brand-700'
                    : 'border-transparent text-slate-700 hover:text-slate-900')
                }
              >
                <Icon name={item.icon} className="hidden h-4 w-4 sm:block" />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
