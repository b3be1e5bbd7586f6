import { Hono } from 'hono'
import type { ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createServicesApp } from '#services/app'
import { createTestPlatform } from '#services/testing/platform'
import { countDeliveryFailure, createMetrics, metricsRegistry } from './metrics'
import { memoryRateLimiter } from './rate-limit'
import { redisRateLimiter } from './rate-limit-redis'

/** The value of one series in the registry's text (0 when absent). */
async function valueOf(name: string, labels: Record<string, string> = {}): Promise<number> {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  for (const line of (await metricsRegistry.metrics()).split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1))
  }
  return 0
}

/** A build's route manifest as React Router lists it: flat, each route naming its parent. */
const build = {
  routes: {
    root: { id: 'root', path: '' },
    layout: { id: 'layout', parentId: 'root' },
    home: { id: 'home', parentId: 'layout', index: true },
    admin: { id: 'admin', parentId: 'root', path: 'admin' },
    driver: { id: 'driver', parentId: 'admin', path: 'conductores/:id' },
    adminNotFound: { id: 'adminNotFound', parentId: 'admin', path: '*' },
    notFound: { id: 'notFound', parentId: 'root', path: '*' },
  },
} as unknown as ServerBuild

describe('metrics', () => {
  it('labels pages by their route pattern, /api by the service route, and the rest by a bounded name', async () => {
    const p = await createTestPlatform('sqlite')
    try {
      const metrics = createMetrics({ services: createServicesApp(p), db: p.db, now: p.now })
      // Before the build is known every page is `other`.
      expect(metrics.routeLabel('GET', '/admin/conductores/5')).toBe('other')
      metrics.pageRoutes(build)
      expect(metrics.routeLabel('GET', '/')).toBe('/')
      expect(metrics.routeLabel('GET', '/admin/conductores/5')).toBe('/admin/conductores/:id')
      expect(metrics.routeLabel('GET', '/admin/conductores/5.data')).toBe('/admin/conductores/:id.data')
      expect(metrics.routeLabel('GET', '/admin/x/y')).toBe('/admin/*')
      expect(metrics.routeLabel('GET', '/nada/123')).toBe('/*')
      expect(metrics.routeLabel('GET', '/api/admin/drivers/77')).toBe('/api/admin/drivers/:id')
      expect(metrics.routeLabel('HEAD', '/api/general-data/get-faqs')).toBe('/api/general-data/get-faqs')
      expect(metrics.routeLabel('POST', '/api/admin/staff/3/role')).toBe('/api/admin/staff/:id/role')
      expect(metrics.routeLabel('GET', '/api/no/existe/9')).toBe('other')
      expect(metrics.routeLabel('GET', '/assets/entry-Ab12.js')).toBe('/assets/*')
      expect(metrics.routeLabel('GET', '/healthz')).toBe('/healthz')

      // The middleware counts by that label, method and status class.
      const app = new Hono()
      app.use('*', metrics.middleware)
      app.get('/admin/conductores/:id', (c) => c.text('ok'))
      app.get('*', (c) => c.text('no', 404))
      const driverOk = { route: '/admin/conductores/:id', method: 'GET', status: '2xx' }
      const before = await valueOf('fleeters_http_requests_total', driverOk)
      await app.request('/admin/conductores/1')
      await app.request('/admin/conductores/2')
      await app.request('/zzz', { method: 'PROPFIND' })
      expect(await valueOf('fleeters_http_requests_total', driverOk)).toBe(before + 2)
      const unknown = { route: '/*', method: 'OTHER', status: '4xx' }
      expect(await valueOf('fleeters_http_requests_total', unknown)).toBeGreaterThanOrEqual(1)
      expect(await metricsRegistry.metrics()).not.toMatch(/conductores\/[12]\b/)
      expect(await valueOf('fleeters_outbox_pending')).toBe(0)
    } finally {
      await p.destroy()
    }
    // The database gone: the scrape still answers, the backlog is unknown.
    expect(await valueOf('fleeters_outbox_pending')).toBeNaN()
    expect(await valueOf('fleeters_outbox_oldest_pending_age_seconds')).toBeNaN()
    expect(await valueOf('fleeters_http_requests_total', { route: '/admin/conductores/:id' })).toBeGreaterThanOrEqual(2)
  })

  it('counts a memory limiter’s refusals by the limit’s name, not the key', async () => {
    const limiter = memoryRateLimiter()
    const before = await valueOf('fleeters_rate_limit_refusals_total', { limit: 'test-memory' })
    for (let i = 0; i < 5; i++) await limiter.hit('test-memory:203.0.113.9', 3, 60_000)
    expect(await valueOf('fleeters_rate_limit_refusals_total', { limit: 'test-memory' })).toBe(before + 2)
    expect(await metricsRegistry.metrics()).not.toContain('203.0.113.9')
  })

  it.skipIf(!process.env.TEST_REDIS_URL)('counts a Redis limiter’s refusals once each', async () => {
    const limiter = await redisRateLimiter(process.env.TEST_REDIS_URL!, `fleeters:test-metrics:${Date.now()}:`)
    try {
      const before = await valueOf('fleeters_rate_limit_refusals_total', { limit: 'test-redis' })
      for (let i = 0; i < 4; i++) await limiter.hit('test-redis:198.51.100.7', 1, 60_000)
      expect(await valueOf('fleeters_rate_limit_refusals_total', { limit: 'test-redis' })).toBe(before + 3)
    } finally {
      await limiter.close()
    }
  })

  it('counts delivery failures by channel and outcome', async () => {
    const series = 'fleeters_outbox_delivery_failures_total'
    const failures = (outcome: string) => valueOf(series, { channel: 'whatsapp', outcome })
    const retry = await failures('retry')
    const failed = await failures('failed')
    countDeliveryFailure('whatsapp', false)
    countDeliveryFailure('whatsapp', true)
    expect(await failures('retry')).toBe(retry + 1)
    expect(await failures('failed')).toBe(failed + 1)
  })
})
