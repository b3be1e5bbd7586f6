import type { href } from 'react-router'

/**
 * A path of app/routes.ts that takes no params, checked against the routes as href() checks it
 * (React Router's typegen), for components: href() itself would ship its runtime to every page of
 * the client bundle to return a constant. Loaders and actions use href().
 */
export function pagePath<P extends Parameters<typeof href>[0]>(path: P): P {
  return path
}

/** `pathname?search` with `params` set, or removed when null/''. */
export function withParams(
  pathname: string,
  search: string | URLSearchParams,
  params: Record<string, string | number | null | undefined>,
): string {
  const sp = new URLSearchParams(search)
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === '') sp.delete(k)
    else sp.set(k, String(v))
  }
  const q = sp.toString()
  return q ? `${pathname}?${q}` : pathname
}
