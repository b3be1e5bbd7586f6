import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { clientAddress } from '#services/platform/client-ip'

/** The visitor's address: the socket's, or X-Forwarded-For through TRUST_PROXY trusted hops. */
export function clientIp(c: Context, trustProxy: number): string {
  let socket = 'unknown'
  try {
    socket = getConnInfo(c).remote.address ?? 'unknown'
  } catch {}
  return clientAddress(socket, c.req.header('x-forwarded-for'), trustProxy)
}
