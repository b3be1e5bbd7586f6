/**
 * Where a login may send the person afterwards (`/login?redirectTo=…`): only a
 * path of this site. Anything else gives null and the caller falls back to the role's home.
 *
 * Refused: non-strings, empty or over 2,000 characters; anything not starting with one `/`
 * (`https://…`, `javascript:…`, `evil.com`); `//host` and `/\host` (browsers read both as another
 * site); any backslash (browsers turn it into `/`); control characters, including tab and line
 * breaks (the URL parser drops them, so `/\t/evil.com` would become `//evil.com`), and other
 * invisible separators. What passes is resolved against a dummy origin and must stay on it.
 */
const MAX_LENGTH = 2000
const BASE = 'http://fleeters.invalid'

// C0 controls, DEL, C1 controls, and Unicode separators and invisible format characters.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/

export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string') return null
  if (value.length === 0 || value.length > MAX_LENGTH) return null
  if (value[0] !== '/' || value[1] === '/' || value.includes('\\')) return null
  if (UNSAFE_CHARS.test(value)) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  const path = `${url.pathname}${url.search}${url.hash}`
  // The normalised path must still be a path of this site (e.g. `/./\/x` cannot sneak through).
  if (!path.startsWith('/') || path.startsWith('//')) return null
  return path
}

/** The path (and query) of a request, as the place to come back to after logging in. */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url)
  // React Router's own markers on index-route form posts and data requests.
  url.searchParams.delete('index')
  url.searchParams.delete('_routes')
  return `${url.pathname}${url.search}`
}

/** `/login?redirectTo=…` for that path (or plain `/login` when the path is not safe). */
export function loginUrlFor(path: string): string {
  const safe = safeRedirectPath(path)
  return safe ? `/login?${new URLSearchParams({ redirectTo: safe })}` : '/login'
}
