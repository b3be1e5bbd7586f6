/** Headers every page carries; scripts run only with the per-request nonce. */
export function securityHeaders(response: Response, opts: { nonce: string; production: boolean }): Response {
  const headers = new Headers(response.headers)
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${opts.nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
  // A policy for documents; a PDF or image served inline must not be sandboxed by it.
  if ((headers.get('content-type') ?? '').startsWith('text/html')) headers.set('Content-Security-Policy', csp)
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  // A response may relax framing to its own origin (the console frames a PDF under review).
  if (headers.get('X-Frame-Options') !== 'SAMEORIGIN') headers.set('X-Frame-Options', 'DENY')
  if (opts.production) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
