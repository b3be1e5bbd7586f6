import type { Context, MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import { HTTPException } from 'hono/http-exception'

/**
 * Forms are only accepted from our own pages (hono/csrf): a form post (urlencoded, multipart or
 * text) is refused unless the browser says it is same-origin (Sec-Fetch-Site) or its Origin is
 * our host, whatever the scheme (a TLS proxy in front makes the request's own URL http:), or
 * `null` (a privacy setting or a redirect hides it). A request with neither header does not come
 * from a browser, so it cannot be a forged one: it goes on. The refusal is 403 with a Spanish text.
 */
export function ownPagesOnly(): MiddlewareHandler {
  const ours = (origin: string, c: Context) => origin === 'null' || URL.parse(origin)?.host === new URL(c.req.url).host
  const check = csrf({ origin: ours })
  return async (c, next) => {
    if (c.req.header('origin') === undefined && c.req.header('sec-fetch-site') === undefined) return next()
    try {
      await check(c, async () => {})
    } catch (error) {
      if (error instanceof HTTPException && error.status === 403) return c.text('Origen no permitido', 403)
      throw error
    }
    return next()
  }
}
