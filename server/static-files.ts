import fs from 'node:fs'
import { serveStatic } from '@hono/node-server/serve-static'
import type { MiddlewareHandler } from 'hono'

/** Hashed /assets/* never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** The rest of the client build (favicon, public/ files) is kept an hour. */
export const ONE_HOUR = 'public, max-age=3600'

/**
 * The client build's files (`root`, relative to the working folder as serveStatic wants it),
 * each sent as built in the best of its .br / .gz copies (made once by scripts/build-server.ts)
 * the client accepts: nothing static is compressed per request, so this runs before compress().
 * A miss goes on to the next handler.
 */
export function staticFiles(root: string, cacheControl: string): MiddlewareHandler {
  return serveStatic({
    root,
    precompressed: true,
    onFound: (file, c) => {
      c.header('Cache-Control', cacheControl)
      if (fs.existsSync(`${file}.gz`) || fs.existsSync(`${file}.br`)) c.header('Vary', 'Accept-Encoding')
    },
  })
}

/**
 * The address patterns of the client build's files outside /assets (public/: `/favicon.svg`,
 * `/images/*`, …), read from its folder once at start, so a page's address is never looked up on disk.
 */
export function publicFilePatterns(root: string): string[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.name !== 'assets')
    .map((entry) => (entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`))
}
