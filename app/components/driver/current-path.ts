/** Whether a menu entry is the page shown (NavLink's rule: the path, or below it unless `end`). */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname
  const target = to.toLowerCase()
  return here === target || (!end && here.startsWith(target.endsWith('/') ? target : `${target}/`))
}
