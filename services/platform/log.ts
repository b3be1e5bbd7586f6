import { pino } from 'pino'

/**
 * The process's structured log: one JSON object per line on stdout (request lines, errors with
 * their stack, lifecycle). Only fields chosen by the caller are written — never a request's
 * headers, cookies, body or query string — and the redaction below is a second line of defence
 * for any object that carries a secret by a well-known name.
 */
export const log = pino({
  // Inside Vitest's workers only warnings and errors; a server process logs requests (info).
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'warn' : 'info'),
  base: { pid: process.pid },
  redact: {
    paths: [
      'password',
      '*.password',
      'token',
      '*.token',
      'authorization',
      '*.authorization',
      'cookie',
      '*.cookie',
      'headers',
      '*.headers',
      'secret',
      '*.secret',
    ],
    censor: '[oculto]',
  },
})

/** A request id a client or proxy may send us (X-Request-Id): short and plain, or ignored. */
export function acceptedRequestId(value: string | undefined | null): string | undefined {
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined
}
