import type { Context, MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders, type SecureHeadersVariables } from 'hono/secure-headers'

/** hono/secure-headers' extra defaults we do not send (the pages never did; static files get none). */
const NOT_SENT = {
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const

/** The nonce of this response's scripts (hono/secure-headers' NONCE makes it, once per request). */
export function pageNonce(c: Context): string {
  // NONCE answers `'nonce-…'` and keeps the bare value in c.var.secureHeadersNonce.
  NONCE(c, 'script-src')
  return (c.var as SecureHeadersVariables).secureHeadersNonce!
}

/**
 * The headers every page answer carries (server.ts puts this in front of React Router), from
 * hono/secure-headers. A header the response set itself wins (overwrite: false): the console
 * frames a PDF under review, so its file route says X-Frame-Options: SAMEORIGIN; a served file's
 * `Content-Security-Policy: sandbox` stays too. The document policy, whose script-src is the
 * per-response nonce React Router's scripts carry (pageNonce), goes on HTML only: a PDF or image
 * served inline must not be sandboxed by it. secure-headers sets its headers on every response,
 * so that part is the same middleware run after the page answered, when it is a document.
 */
export function pageSecurityHeaders(opts: {
  production: boolean
}): MiddlewareHandler<{ Variables: SecureHeadersVariables }> {
  const always = secureHeaders({
    ...NOT_SENT,
    xContentTypeOptions: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: opts.production ? 'max-age=31536000; includeSubDomains' : false,
    overwrite: false,
  })
  const documentPolicy = secureHeaders({
    ...NOT_SENT,
    xContentTypeOptions: false,
    referrerPolicy: false,
    xFrameOptions: false,
    strictTransportSecurity: false,
    removePoweredBy: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
  })
  return async (c, next) => {
    await always(c, next)
    if ((c.res.headers.get('content-type') ?? '').startsWith('text/html')) await documentPolicy(c, async () => {})
  }
}
