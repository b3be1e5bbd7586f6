import { timingSafeEqual } from 'node:crypto'

/** The visitor's address as the web tier determined it (set by server.ts, never by a client). */
export const CLIENT_IP_HEADER = 'x-fleeters-client-ip'
/** Split deployments: proves a service call comes from our web tier (INTERNAL_SECRET). */
export const INTERNAL_SECRET_HEADER = 'x-fleeters-internal'

/**
 * The client's address behind `trustProxy` proxies. Each trusted proxy appends the address it
 * received the request from to X-Forwarded-For, so with n trusted hops the client is the n-th
 * address from the right of [...X-Forwarded-For, socket address]. Anything further left was
 * written by the client and is ignored; with no trusted proxy the header is ignored entirely.
 */
export function clientAddress(
  socketAddress: string,
  forwardedFor: string | null | undefined,
  trustProxy: number,
): string {
  if (trustProxy <= 0 || !forwardedFor) return socketAddress
  const chain = [
    ...forwardedFor
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    socketAddress,
  ]
  const index = chain.length - 1 - trustProxy
  // Fewer hops than configured: the leftmost address is the furthest any trusted proxy saw.
  const candidate = chain[Math.max(0, index)]!
  return /^[0-9A-Fa-f.:]{2,45}$/.test(candidate) ? candidate : socketAddress
}

/** Whether a request carries the web tier's secret (constant-time comparison). */
export function fromWebTier(headers: Headers, secret: string | undefined): boolean {
  const sent = headers.get(INTERNAL_SECRET_HEADER)
  if (!secret || !sent) return false
  const a = Buffer.from(sent)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b)
}
