/**
 * The request metrics' cost per request, in-process and so less at the mercy of a shared
 * machine than `npm run bench`'s pages: a Hono app answering six paths (pages, /api, an unknown
 * one) with and without the metrics middleware, 5 alternating rounds of 100k requests each.
 * Needs the web build (page labels come from its routes):
 * `npx tsx scripts/bench/metrics-overhead.ts`.
 */
import path from 'node:path'
import { Hono } from 'hono'
import type { ServerBuild } from 'react-router'
import { createServicesApp } from '#services/app'
import { createMetrics } from '#services/platform/metrics'
import { createTestPlatform } from '#services/testing/platform'
import { ROOT } from './servers'

const p = await createTestPlatform('sqlite')
const services = createServicesApp(p)
const metrics = createMetrics({ services, db: p.db, now: () => new Date() })
// The real build's routes, so page labels go through React Router's matching.
const build = (await import(path.join(ROOT, 'build', 'server', 'index.js'))) as ServerBuild
metrics.pageRoutes(build)
const pages = ['/', '/user/dashboard/home', '/admin/conductores/12']
const paths = [...pages, '/api/general-data/get-faqs', '/api/admin/drivers/7', '/no-existe']
function app(withMetrics: boolean) {
  const a = new Hono()
  if (withMetrics) a.use('*', metrics.middleware)
  a.all('*', (c) => c.text('ok'))
  return a
}
const on = app(true)
const off = app(false)
async function run(a: Hono, n: number) {
  const reqs = paths.map((path) => new Request(`http://x${path}`))
  const t = performance.now()
  for (let i = 0; i < n; i++) await a.fetch(reqs[i % reqs.length]!)
  return ((performance.now() - t) * 1000) / n
}
await run(on, 20000)
await run(off, 20000)
const results: Record<string, number[]> = { on: [], off: [] }
for (let round = 0; round < 5; round++) {
  results.off!.push(await run(off, 100000))
  results.on!.push(await run(on, 100000))
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const without = median(results.off!)
const withMetrics = median(results.on!)
const overhead = (withMetrics - without).toFixed(2)
const figures = `without ${without.toFixed(2)}, with ${withMetrics.toFixed(2)}, overhead ${overhead} µs`
console.log(`µs per request (median of 5 × 100k): ${figures}`)
console.log(
  'rounds',
  JSON.stringify(results, (_, v) => (typeof v === 'number' ? Number(v.toFixed(2)) : v)),
)
console.log('labels', paths.map((x) => metrics.routeLabel('GET', x)).join(' '))
await p.destroy()
process.exit(0)
