import { NavLink } from 'react-router'

export const POSTINGS_PATH = '/user/dashboard/job-postings'

const TABS = [
  { to: POSTINGS_PATH, label: 'Todas' },
  { to: `${POSTINGS_PATH}/guardadas`, label: 'Guardadas' },
  { to: `${POSTINGS_PATH}/postuladas`, label: 'Postuladas' },
]

/** The driver's three postings lists (links, so they work without JS). */
export function PostingsTabs() {
  return (
    <nav aria-label="Listas de publicaciones" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((t) => (
          <li key={t.to}>
            <NavLink
              to={t.to}
              end
              className={({ isActive }) =>
                `inline-block border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${isActive ? 'border-brand-700 text-brand-700' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'}`
              }
            >
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
