/**
 * Micro-cache of public documents for anonymous visitors (used by server.ts, outside the app
 * bundle). `/` is the same HTML for every visitor without cookies except for the CSP nonce, so
 * its rendering is reused for a few seconds with a fresh nonce written into each copy. Any
 * write the server sees (a form post, a call to /api) empties it; a request with
 * `Cache-Control: no-cache` (a browser reload) renders anew.
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

export interface CachedPage {
  expires: number
  generation: number
  status: number
  headers: [string, string][]
  html: string
  nonce: string
}

export type Encoding = 'br' | 'gzip' | null

/** The best encoding the client accepts (q > 0): brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | null): Encoding {
  if (!acceptEncoding) return null
  const accepted = new Set<string>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}

/** Same settings as documents rendered by app/entry.server.tsx. */
export const BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT }
export const GZIP_LEVEL = 6

export function createPageCache(opts: { paths: string[]; ttlMs: number }) {
  const paths = new Set(opts.paths)
  const pages = new Map<string, CachedPage>()
  let generation = 0

  return {
    /** Counts writes; cached pages and cached service content from an older generation are stale. */
    generation: () => generation,
    invalidate() {
      generation++
      pages.clear()
    },
    /** Whether this request may be answered from (and stored into) the cache. */
    eligible(request: Request): boolean {
      if (request.method !== 'GET') return false
      const url = new URL(request.url)
      if (url.search || !paths.has(url.pathname)) return false
      if (request.headers.has('cookie') || request.headers.has('authorization')) return false
      if (!(request.headers.get('accept') ?? '').includes('text/html')) return false
      return true
    },
    get(request: Request): CachedPage | null {
      if (/\bno-cache\b/.test(request.headers.get('cache-control') ?? '')) return null
      const page = pages.get(new URL(request.url).pathname)
      return page && page.expires > Date.now() && page.generation === generation ? page : null
    },
    /**
     * Keeps a rendered document when it is a plain, cookie-free, uncompressed 200 (and no write
     * happened while it rendered); anything else comes back untouched.
     */
    async capture(request: Request, response: Response, nonce: string, generationAtStart: number): Promise<CachedPage | Response> {
      if (response.status !== 200 || response.headers.has('set-cookie') || response.headers.has('content-encoding')) return response
      const html = await response.text()
      const headers = [...response.headers].filter(([name]) => !['content-length', 'content-security-policy'].includes(name.toLowerCase()))
      const page = { expires: Date.now() + opts.ttlMs, generation, status: 200, headers, html, nonce }
      if (generationAtStart === generation) pages.set(new URL(request.url).pathname, page)
      return page
    },
  }
}

/** A cached page as a response for this request, with its own nonce. */
export async function cachedResponse(page: CachedPage, nonce: string, acceptEncoding: string | null): Promise<Response> {
  const html = page.html.replaceAll(page.nonce, nonce)
  const headers = new Headers(page.headers)
  const encoding = preferredEncoding(acceptEncoding)
  if (!encoding) return new Response(html, { status: page.status, headers })
  const body = encoding === 'br' ? await brotli(html, { params: BROTLI_PARAMS }) : await gzip(html, { level: GZIP_LEVEL })
  headers.set('Content-Encoding', encoding)
  return new Response(new Uint8Array(body), { status: page.status, headers })
}
