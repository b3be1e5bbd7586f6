import type { SecureHeadersVariables } from 'hono/secure-headers'

/** What the pipeline's pieces share on a request: its id (request-log.ts) and the page's CSP nonce. */
export type ServerEnv = { Variables: { requestId: string } & SecureHeadersVariables }

/**
 * The process's own state, read by several pieces: the requests being handled (logged at
 * shutdown) and whether it is stopping (readiness fails, answers close their connection).
 */
export interface ServerState {
  inFlight: number
  closing: boolean
}
