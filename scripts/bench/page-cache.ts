/**
 * The page cache under a mixed read/write load: anonymous views of `/`,
 * `/preguntas-frecuentes` and `/terminos-condiciones` (half of them from campaign links with
 * utm_* / gclid), logins, companies' searches, drivers' profile saves and, now and then, a new
 * company posting, from several clients at once. Prints the cache's hit ratio (hits and waits
 * on another request's render, over all cacheable views) and the page views' latency.
 *
 *   npx react-router build && npx tsx scripts/bench/page-cache.ts [--seconds=10] [--clients=8]
 *
 * It starts `node build/server.js` on a temporary database with the demo data (or, with
 * BENCH_URL and INTERNAL_SECRET, measures that running server; its demo accounts must exist).
 */
import { randomBytes } from 'node:crypto'
import type { PageCacheStats } from '#app/.server/page-cache'
import { startProduct } from './servers'

const DEMO_PASSWORD = 'Fleeters2026'
const PAGES = ['/', '/preguntas-frecuentes', '/terminos-condiciones']
const CAMPAIGNS = [
  '?utm_source=newsletter&utm_medium=email&utm_campaign=verano',
  '?utm_source=facebook&fbclid=IwAR0abc',
  '?gclid=Cj0KCQ',
]

function arg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
}

/** `node build/server.js` on a temporary database with the demo data (scripts/bench/servers.ts). */
function startServer(secret: string): Promise<{ url: string; stop(): Promise<void> }> {
  return startProduct({
    buildDir: process.env.BUILD_DIR ?? 'build',
    env: { SMTP_URL: '', INTERNAL_SECRET: secret, LOG_LEVEL: 'warn' },
  })
}

export interface PageCacheBench {
  seconds: number
  requests: number
  views: number
  writes: Record<string, number>
  stats: PageCacheStats
  hitRatio: number
  viewP50: number
  viewP95: number
}

export async function pageCacheBench(
  opts: { seconds?: number; clients?: number; url?: string; secret?: string } = {},
): Promise<PageCacheBench> {
  const seconds = opts.seconds ?? 10
  const clients = opts.clients ?? 8
  const secret = opts.secret ?? randomBytes(24).toString('base64url')
  const server = opts.url ? null : await startServer(secret)
  const base = opts.url ?? server!.url
  try {
    const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}/api${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const tokenOf = async (email: string) => {
      const res = await post('/auth/login', { email, password: DEMO_PASSWORD })
      if (!res.ok) throw new Error(`login of ${email}: ${res.status}`)
      return ((await res.json()) as { token_jwt: string }).token_jwt
    }
    const stats = async (): Promise<PageCacheStats> => {
      const res = await fetch(`${base}/internal/page-cache`, { headers: { 'x-fleeters-internal': secret } })
      if (!res.ok) throw new Error(`/internal/page-cache answered ${res.status} (INTERNAL_SECRET?)`)
      return (await res.json()) as PageCacheStats
    }
    const company = await tokenOf('andes@demo.fleeters.cl')
    const driver = await tokenOf('conductor@demo.fleeters.cl')
    const before = await stats()

    const writes: Record<string, number> = { login: 0, search: 0, profile: 0, posting: 0 }
    const viewMs: number[] = []
    let requests = 0
    let n = 0
    const one = async () => {
      const r = (n++ * 7919) % 100 // a fixed, evenly spread mix
      if (r < 70) {
        const page = PAGES[r % PAGES.length]!
        const query = r % 2 ? CAMPAIGNS[r % CAMPAIGNS.length]! : ''
        const started = performance.now()
        const res = await fetch(`${base}${page}${query}`, {
          headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
        })
        await res.arrayBuffer()
        viewMs.push(performance.now() - started)
      } else if (r < 78) {
        writes.login!++
        await (
          await post('/auth/login', {
            email: 'conductor@demo.fleeters.cl',
            password: r % 2 ? DEMO_PASSWORD : 'otraClave99',
          })
        ).arrayBuffer()
      } else if (r < 88) {
        writes.search!++
        await (
          await post('/business/search-my-job-postings', { search: 'reparto' }, { 'auth-business': company })
        ).arrayBuffer()
      } else if (r < 98) {
        writes.profile!++
        await (
          await post(
            '/users/update-data-user',
            { firstname: 'Camila', lastname: 'Pérez', address: 'Av. Siempre Viva 742', about_me: `Conductora ${n}` },
            { 'auth-user': driver },
          )
        ).arrayBuffer()
      } else {
        writes.posting!++
        const body = {
          title: `Reparto de prueba ${n}`,
          description: 'Rutas micro-sectorizadas dentro de la comuna, carga ordenada por sector.',
          id_zone: 2,
          id_region: 13000,
          id_commune: 13101,
          id_vehicle: 1,
          id_capacity: 2,
          id_schedule: 1,
          start_date: '2027-03-02',
          pawn: 'No',
          payment_amount: 45000,
          payment_period: 'por día',
          drivers_needed: 2,
          status: 'open',
        }
        const res = await post('/business/create-job-posting', body, { 'auth-business': company })
        if (res.status !== 201) throw new Error(`create-job-posting: ${res.status} ${await res.text()}`)
      }
      requests++
    }
    const until = performance.now() + seconds * 1000
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) await one()
      }),
    )
    const after = await stats()
    const delta = Object.fromEntries(
      Object.entries(after).map(([k, v]) => [k, v - before[k as keyof PageCacheStats]]),
    ) as unknown as PageCacheStats
    const served = delta.hits + delta.coalesced
    const sorted = [...viewMs].sort((a, b) => a - b)
    const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
    return {
      seconds,
      requests,
      views: viewMs.length,
      writes,
      stats: delta,
      hitRatio: served / Math.max(1, served + delta.renders),
      viewP50: pct(0.5),
      viewP95: pct(0.95),
    }
  } finally {
    await server?.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await pageCacheBench({
    seconds: Number(arg('seconds') ?? 10),
    clients: Number(arg('clients') ?? 8),
    url: process.env.BENCH_URL,
    secret: process.env.BENCH_URL ? process.env.INTERNAL_SECRET : undefined,
  })
  const { stats: s } = result
  console.log(`Page cache under a mixed load (${result.seconds} s, ${result.requests} requests):`)
  console.log(
    `  writes     ${Object.entries(result.writes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  )
  console.log(`  views      ${result.views} (p50 ${result.viewP50.toFixed(1)} ms, p95 ${result.viewP95.toFixed(1)} ms)`)
  console.log(
    `  cache      ${s.hits} hits, ${s.coalesced} waited on a render, ${s.renders} ` +
      `renders, ${s.invalidations} invalidations`,
  )
  console.log(`  hit ratio  ${(result.hitRatio * 100).toFixed(1)} %`)
}
