import type { Handler } from 'hono'
import { sql } from 'kysely'
import type { InvalidationBus } from '#services/platform/invalidation'
import type { Platform } from '#services/platform/platform'
import type { ServerEnv, ServerState } from './env'

/** Liveness: the process answers (a load balancer restarts it when this fails). */
export const liveness: Handler<ServerEnv> = (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' })

/**
 * Readiness: what the process needs answers too — the database, the file store and, when the
 * caches are shared, Redis — each within 2 s, and the process is not stopping. 503 names what
 * failed, so a load balancer sends it no traffic while it stays alive.
 */
export function readiness(deps: { platform: Platform; bus: InvalidationBus; state: ServerState }): Handler<ServerEnv> {
  const { platform, bus, state } = deps
  return async (c) => {
    const within = <T>(promise: Promise<T>) => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000)))
      return Promise.race([promise, late]).finally(() => clearTimeout(timer))
    }
    const checks: Record<string, Promise<unknown>> = {
      database: within(sql`select 1`.execute(platform.db)),
      storage: within(platform.files.ping()),
      ...(bus.shared ? { redis: within(bus.ping()) } : {}),
    }
    const failed: string[] = []
    await Promise.all(Object.entries(checks).map(([name, check]) => check.catch(() => failed.push(name))))
    if (state.closing) failed.push('shutting-down')
    const body = { status: failed.length ? 'unavailable' : 'ready', failed: failed.sort() }
    return c.json(body, failed.length ? 503 : 200, { 'Cache-Control': 'no-store' })
  }
}
