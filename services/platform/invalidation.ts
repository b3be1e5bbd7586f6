import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { log } from './log'
import type { Platform } from './platform'

/**
 * "Something public changed": a write that changes what the public pages show empties the cached
 * public content of every process (the backend client's, app/.server/backend/client.ts). The
 * services say so when they commit one (`changesPublicContent` on their write routes, calling
 * `platform.publicContentChanged`); other writes (logins, searches, the driver's area) leave the
 * caches alone. Without REDIS_URL it reaches this process only (the embedded product is one
 * process); with it, every process subscribed to the channel.
 */
export interface InvalidationBus {
  /** Tell every process (this one included) that public content may have changed. */
  publish(): void
  onInvalidate(listener: () => void): void
  /** Throws when the shared channel cannot be reached (readiness). No-op without Redis. */
  ping(): Promise<void>
  readonly shared: boolean
  close(): Promise<void>
}

export const INVALIDATION_CHANNEL = 'fleeters:invalidate'

export function localInvalidationBus(): InvalidationBus {
  const listeners: (() => void)[] = []
  return {
    shared: false,
    publish: () => listeners.forEach((l) => l()),
    onInvalidate: (listener) => void listeners.push(listener),
    ping: async () => {},
    close: async () => {},
  }
}

export async function redisInvalidationBus(url: string, channel = INVALIDATION_CHANNEL): Promise<InvalidationBus> {
  const { createClient } = await import('redis')
  const origin = randomUUID()
  const listeners: (() => void)[] = []
  const fire = () => listeners.forEach((l) => l())
  let reported = 0
  const report = (error: Error) => {
    if (Date.now() - reported > 10_000)
      log.error(
        { err: error },
        'invalidation bus: redis error; other processes may show old content for up to their cache time',
      )
    reported = Date.now()
  }
  const options = {
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 5000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) },
  }
  const publisher = createClient(options)
  const subscriber = createClient(options)
  publisher.on('error', report)
  subscriber.on('error', report)
  await Promise.all([publisher.connect(), subscriber.connect()])
  await subscriber.subscribe(channel, (message) => {
    if (message !== origin) fire()
  })
  // Missed messages while disconnected: empty the caches when the subscription is back.
  subscriber.on('ready', fire)
  return {
    shared: true,
    publish() {
      fire()
      publisher.publish(channel, origin).catch(report)
    },
    onInvalidate: (listener) => void listeners.push(listener),
    async ping() {
      await publisher.ping()
    },
    async close() {
      for (const client of [subscriber, publisher]) {
        if (client.isReady) await client.quit().catch(() => client.destroy())
        else client.destroy()
      }
    },
  }
}

/**
 * The public-content writes this process has heard of, as a number that grows with each: what the
 * pages' `writeGeneration` reads (app/context.ts), so content cached before a write is not served after it.
 */
export function countPublicWrites(bus: Pick<InvalidationBus, 'onInvalidate'>): () => number {
  let writes = 0
  bus.onInvalidate(() => writes++)
  return () => writes
}

/**
 * Route middleware for the writes that change the public pages (admin content, postings
 * created, edited, closed or deleted, documents reviewed: the validated-drivers count): once
 * the handler has answered with success (its transaction committed), the caches are emptied.
 */
export function changesPublicContent(p: Pick<Platform, 'publicContentChanged'>): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.res.status < 400) p.publicContentChanged()
  }
}
