import { NavLink } from 'react-router'

export interface TabItem {
  to: string
  label: string
  end?: boolean
}

/** The underlined tabs of the company area and the console; the current one is marked. */
export function TabList({ items }: { items: readonly TabItem[] }) {
  return (
    <ul className="flex gap-1">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              `inline-block border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap ${isActive ? 'border-brand-700 text-brand-700' : 'border-transparent text-slate-700 hover:text-slate-900'}`
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}
