import { randomUUID } from 'node:crypto'
import { createClient } from 'redis'
import { log } from './log'

/**
 * "Something public changed": a write on any process empties the page cache and the cached
 * public content of every process. Without REDIS_URL it reaches this process only (the
 * embedded product is one process); with it, every process subscribed to the channel.
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
  const origin = randomUUID()
  const listeners: (() => void)[] = []
  const fire = () => listeners.forEach((l) => l())
  let reported = 0
  const report = (error: Error) => {
    if (Date.now() - reported > 10_000) log.error({ err: error }, 'invalidation bus: redis error; other processes may show old content for up to their cache time')
    reported = Date.now()
  }
  const options = { url, disableOfflineQueue: true, socket: { connectTimeout: 5000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 5000) } }
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
