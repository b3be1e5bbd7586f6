/**
 * Micro-cache of public documents for anonymous visitors (used by server.ts, outside the app
 * bundle). `/` is the same HTML for every visitor without cookies except for the CSP nonce, so
 * its rendering is reused for a few seconds with a fresh nonce written into each copy.
 *
 * - Key: the path. Marketing parameters (utm_*, gclid, fbclid…) do not change the page and are
 *   left out; any other query parameter makes the request uncacheable (rendered every time).
 * - Emptied by `invalidate()`, which server.ts calls when a service commits a write that changes
 *   public content (services/platform/invalidation.ts), on any process; not by other writes.
 * - Concurrent misses of one key render once: the others wait for that render (single flight).
 * - A request with `Cache-Control: no-cache` (a browser reload) renders anew.
 * - `stats()` counts hits, waits on another render, renders and invalidations.
 */
import zlib from 'node:zlib'
import { BROTLI_PARAMS, GZIP_LEVEL, preferredEncoding } from './compression'

export interface CachedPage {
  expires: number
  generation: number
  status: number
  headers: [string, string][]
  html: string
  nonce: string
  /** The document's UTF-8 bytes split at its nonce: each answer joins them around its own. */
  pieces: Buffer[]
}

/** Query parameters of ad and mail campaigns: the page is the same with or without them. */
const CLICK_IDS = 'gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|twclid|ttclid|li_fat_id'
const MARKETING_PARAM = new RegExp(`^(utm_[a-z_]+|${CLICK_IDS}|mc_cid|mc_eid|_ga|_gl|yclid|igshid)$`, 'i')

export interface PageCacheStats {
  /** Answered from a kept page. */
  hits: number
  /** Waited for another request's render of the same page and got its result. */
  coalesced: number
  /** Rendered (a miss: nothing kept, expired, emptied, or a reload). */
  renders: number
  invalidations: number
}

export function createPageCache(opts: { paths: string[]; ttlMs: number }) {
  const paths = new Set(opts.paths)
  const pages = new Map<string, CachedPage>()
  /** Renders under way, by key, for the current generation only. */
  const flights = new Map<string, Promise<CachedPage | null>>()
  let generation = 0
  const stats: PageCacheStats = { hits: 0, coalesced: 0, renders: 0, invalidations: 0 }

  /** The cache key of a request (its path), or null when its query changes what it shows. */
  function keyOf(request: Request): string | null {
    const url = new URL(request.url)
    if (!paths.has(url.pathname)) return null
    for (const name of url.searchParams.keys()) if (!MARKETING_PARAM.test(name)) return null
    return url.pathname
  }

  function fresh(page: CachedPage | undefined): page is CachedPage {
    return Boolean(page && page.expires > Date.now() && page.generation === generation)
  }

  /**
   * Keeps a rendered document when it is a plain, cookie-free, uncompressed 200 (and no write
   * happened while it rendered); anything else comes back untouched.
   */
  async function capture(
    key: string,
    response: Response,
    nonce: string,
    generationAtStart: number,
  ): Promise<CachedPage | Response> {
    if (response.status !== 200 || response.headers.has('set-cookie') || response.headers.has('content-encoding'))
      return response
    const html = await response.text()
    const headers = [...response.headers].filter(
      ([name]) => !['content-length', 'content-security-policy'].includes(name.toLowerCase()),
    )
    const pieces = html.split(nonce).map((piece) => Buffer.from(piece))
    const expires = Date.now() + opts.ttlMs
    const page = { expires, generation: generationAtStart, status: 200, headers, html, nonce, pieces }
    if (generationAtStart === generation) pages.set(key, page)
    return page
  }

  return {
    keyOf,
    /** Counts public writes; cached pages and cached service content from an older generation are stale. */
    generation: () => generation,
    invalidate() {
      generation++
      stats.invalidations++
      pages.clear()
      flights.clear()
    },
    stats: (): PageCacheStats => ({ ...stats }),
    /** Whether this request may be answered from (and stored into) the cache. */
    eligible(request: Request): boolean {
      if (request.method !== 'GET') return false
      if (keyOf(request) === null) return false
      if (request.headers.has('cookie') || request.headers.has('authorization')) return false
      if (!(request.headers.get('accept') ?? '').includes('text/html')) return false
      return true
    },
    /** A kept page for an eligible request (null for a reload or when none is fresh). */
    get(request: Request): CachedPage | null {
      if (/\bno-cache\b/.test(request.headers.get('cache-control') ?? '')) return null
      const page = pages.get(keyOf(request) ?? '')
      if (!fresh(page)) return null
      stats.hits++
      return page
    },
    /**
     * The page for an eligible request that `get` did not answer: joins a render of the same key
     * already under way (since the last invalidation), else calls `render` and keeps its result.
     * Returns a CachedPage (to answer with `cachedResponse`) or, when this request rendered and
     * the result may not be kept, that Response. A request that joined a render whose result
     * could not be kept renders itself.
     */
    async fill(request: Request, nonce: string, render: () => Promise<Response>): Promise<CachedPage | Response> {
      const key = keyOf(request)
      if (key === null) throw new Error('fill() needs an eligible request')
      const reload = /\bno-cache\b/.test(request.headers.get('cache-control') ?? '')
      const running = reload ? undefined : flights.get(key)
      if (running) {
        const page = await running
        if (page) {
          stats.coalesced++
          return page
        }
      }
      const generationAtStart = generation
      stats.renders++
      let settle: (page: CachedPage | null) => void = () => {}
      const flight = new Promise<CachedPage | null>((resolve) => (settle = resolve))
      if (!reload) flights.set(key, flight)
      try {
        const result = await capture(key, await render(), nonce, generationAtStart)
        // Others may only reuse what this process would keep (not a page rendered across a write).
        settle(result instanceof Response || generationAtStart !== generation ? null : result)
        return result
      } catch (error) {
        settle(null)
        throw error
      } finally {
        if (flights.get(key) === flight) flights.delete(key)
      }
    },
  }
}

export type PageCache = ReturnType<typeof createPageCache>

/**
 * A cached page as a response for this request, with its own nonce. Compressed on the calling
 * thread, as app/entry.server.tsx does: zlib's asynchronous calls run on libuv's pool threads,
 * and glibc gives each of them a malloc arena of its own that keeps what it freed: under
 * `npm run bench` the server's resident memory peaked at 289 MB with them against 202 MB without
 * (A/B in one run, both with package.json's V8 flags). Compressing ~60 KB at quality 4 takes ~0.6 ms.
 *
 * Each answer allocates one copy of the document (its bytes with this nonce) and the compressed
 * bytes, nothing more: no string per answer, no copy of the compressed output. Under load the
 * buffers of requests in flight outlive two scavenges and wait in the old generation for a full
 * collection, so every byte allocated per request shows up in the peak resident memory
 * (docs/decisions/0094-memory-under-load.md).
 */
export async function cachedResponse(
  page: CachedPage,
  nonce: string,
  acceptEncoding: string | null,
): Promise<Response> {
  const mark = Buffer.from(nonce)
  const parts: Buffer[] = []
  for (const piece of page.pieces) parts.push(piece, mark)
  parts.pop()
  const html = Buffer.concat(parts)
  const headers = new Headers(page.headers)
  const encoding = preferredEncoding(acceptEncoding)
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(html, { params: BROTLI_PARAMS })
      : encoding === 'gzip'
        ? zlib.gzipSync(html, { level: GZIP_LEVEL })
        : html
  if (encoding) headers.set('Content-Encoding', encoding)
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), { status: page.status, headers })
}
