import { useEffect, type AnchorHTMLAttributes } from 'react'
import { useNavigate } from 'react-router'

/**
 * A link to a page of the app, drawn as a plain anchor (issue 14 item 2, decision 68).
 *
 * React Router's `<Link>` resolves its path, builds its click handler and reads four contexts on
 * every server render: ~20 µs a link, ~0.7 ms of a driver dashboard's ~36 links. These anchors
 * cost nothing of that; once the page has hydrated, one click listener on the document
 * (`useAppLinkNavigation`, installed by the layout of each area that uses them) sends their plain clicks through React
 * Router's navigation, as `<Link>` would: the page changes without reloading, the scroll goes to
 * the top unless `preventScrollReset`, and the same URL replaces its history entry. Before
 * hydration, and without JavaScript, they are the links they look like. `data-discover` is what
 * `<Link>` writes so that React Router learns the routes of the links on the page in advance.
 *
 * Only for absolute paths or query strings of pages; files and other resource routes keep
 * `<a>` or `<Link reloadDocument>`.
 */
export function AppLink({ to, preventScrollReset, children, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; preventScrollReset?: boolean }) {
  return (
    <a href={to} data-discover="true" data-app-link="" data-prevent-scroll-reset={preventScrollReset ? '' : undefined} {...props}>
      {children}
    </a>
  )
}

/** Whether a page of the driver's menu is the one shown (NavLink's rule: the path, or below it unless `end`). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname
  const target = to.toLowerCase()
  return here === target || (!end && here.startsWith(target.endsWith('/') ? target : `${target}/`))
}

/** What a click on an app link asks of React Router, or null when the browser should have it. */
export function appLinkNavigation(
  event: Pick<MouseEvent, 'defaultPrevented' | 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'target'>,
  here: { origin: string; pathname: string; search: string; hash: string },
): { to: string; replace: boolean; preventScrollReset: boolean } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null
  const target = event.target as { closest?: (selector: string) => Element | null } | null
  const anchor = target?.closest?.('a[data-app-link]') as HTMLAnchorElement | null | undefined
  if (!anchor) return null
  const frame = anchor.getAttribute('target')
  if ((frame && frame !== '_self') || anchor.hasAttribute('download')) return null
  const url = new URL(anchor.href, here.origin)
  if (url.origin !== here.origin) return null
  const to = `${url.pathname}${url.search}${url.hash}`
  return { to, replace: to === `${here.pathname}${here.search}${here.hash}`, preventScrollReset: anchor.hasAttribute('data-prevent-scroll-reset') }
}

/**
 * The one click listener that makes every `AppLink` navigate as `<Link>` does (client only). An
 * area's layout installs it rather than the root, so the public pages' JS stays as it was.
 */
export function useAppLinkNavigation() {
  const navigate = useNavigate()
  useEffect(() => {
    function onClick(event: MouseEvent) {
      const next = appLinkNavigation(event, window.location)
      if (!next) return
      event.preventDefault()
      void navigate(next.to, { replace: next.replace, preventScrollReset: next.preventScrollReset })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
