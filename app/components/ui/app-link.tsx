import type { AnchorHTMLAttributes } from 'react'

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path of a page, with its query if any (`/user/dashboard/home?name=…`). */
  to: string
  preventScrollReset?: boolean
}

/**
 * What React Router's `<Link>` writes for a page of the app, without its work: the server's half
 * of an app link (decision 68). A module that draws many links declares
 * `const AppLink = import.meta.env.SSR ? ServerLink : Link`: in the browser it is `<Link>` itself
 * and this module is not in the bundle.
 *
 * On every server render `<Link>` resolves its path against the matched routes, builds its click
 * handler and reads four contexts, ~20 µs a link; a driver's dashboard draws ~36 of them (the menu
 * for three widths, 22 document cards, the postings for them), ~0.7 ms of a ~7 ms render. None of
 * that changes what it writes for an absolute path: `<a href="{to}" data-discover="true">`. So the
 * server writes that, and the browser hydrates it as the `<Link>` it is (same attributes, so
 * nothing to patch): client navigation, `preventScrollReset`, route discovery, all React Router's
 * own. Only for absolute paths (a relative `to` resolves against the route in `<Link>`, against
 * the address in a plain anchor); files and other resource routes keep `<a>` or
 * `<Link reloadDocument>`.
 */
export function ServerLink({ to, preventScrollReset: _scroll, children, ...props }: AppLinkProps) {
  return (
    <a {...props} href={to} data-discover="true">
      {children}
    </a>
  )
}
