import type { ReactNode } from 'react'
import { Link, NavLink } from 'react-router'
import { cn } from './cn'

export interface TabItem {
  to: string
  /** Text, or text with a badge (a count of unread messages). */
  label: ReactNode
  /** Current only on this exact URL (not on the pages under it). */
  end?: boolean
  /** Says whether the tab is current, instead of its URL (a tab whose pages sit beside another tab's). */
  current?: boolean
}

const TAB = 'inline-flex min-h-11 items-center border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap'
const tabState = (active: boolean) =>
  active
    ? 'border-brand-700 text-brand-700'
    : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'

/**
 * Underlined tabs that are links (they work without JS); the current one is marked with
 * aria-current by NavLink. Each is a 44 px target.
 */
export function Tabs({ items, label, className }: { items: readonly TabItem[]; label?: string; className?: string }) {
  const list = (
    <ul className={cn('-mb-px flex gap-1 overflow-x-auto', className)}>
      {items.map((item) => (
        <li key={item.to}>
          {item.current === undefined ? (
            <NavLink to={item.to} end={item.end} className={({ isActive }) => cn(TAB, tabState(isActive))}>
              {item.label}
            </NavLink>
          ) : (
            <Link
              to={item.to}
              aria-current={item.current ? 'page' : undefined}
              className={cn(TAB, tabState(item.current))}
            >
              {item.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  )
  return label ? (
    <nav aria-label={label} className="border-b border-slate-200">
      {list}
    </nav>
  ) : (
    list
  )
}
