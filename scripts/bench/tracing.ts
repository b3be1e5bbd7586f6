/**
 * `npx tsx scripts/bench/tracing.ts`: what the traces cost (services/platform/tracing.ts). Three
 * production servers side by side, each `node build/server.js` with its own SQLite and demo data:
 *
 *   base     another checkout's build, BENCH_BASELINE=<its folder> (e.g. main's code this branch
 *            started from, built there with `npx react-router build`); left out when unset
 *   off      this build, OTEL_EXPORTER_OTLP_ENDPOINT unset: no SDK loaded, nothing mounted
 *   on       this build, OTEL_EXPORTER_OTLP_ENDPOINT set to a dummy OTLP receiver in this process
 *            (it answers 200 and counts the spans it is sent); BENCH_TRACED=0 leaves it out
 *
 * BENCH_ROUNDS (≥ 3) interleaved rounds of BENCH_SECONDS closed-loop load with BENCH_CONNECTIONS
 * keep-alive connections on each server, in a rotating order, for the driver home
 * (/user/dashboard/home, the demo driver) and `/` rendered on every request. Prints req/s median
 * and min–max, each server against `off`, the load average per round, the resident memory after
 * the load and what the receiver got. No budget: the machine may be shared, read the load average.
 * Needs `npx react-router build` first (build/server.js).
 */
import http from 'node:http'
import path from 'node:path'
import { driverCookie, loadAverage, median, ROOT, rssMb, startProduct, throughput, type Served } from './servers'

const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3))
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)

/** A stand-in for an OpenTelemetry collector: OTLP/HTTP JSON (the exporter's encoding) in, 200 out. */
async function dummyReceiver() {
  let batches = 0
  let spans = 0
  const names = new Map<string, number>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      batches++
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: { scopeSpans?: { spans?: { name: string }[] }[] }[]
        }
        for (const r of body.resourceSpans ?? [])
          for (const s of r.scopeSpans ?? [])
            for (const span of s.spans ?? []) {
              spans++
              names.set(span.name, (names.get(span.name) ?? 0) + 1)
            }
      } catch {
        // A batch it cannot read still counts: the bench measures the server, not the receiver.
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ batches, spans, names }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

interface Target {
  name: string
  path: string
  headers: (cookie: string) => Record<string, string>
}

const TARGETS: Target[] = [
  { name: 'driver home', path: '/user/dashboard/home', headers: (cookie) => ({ cookie }) },
  // A cookie the product does not read: a baseline build from before decision 119 answers an anonymous `/` from
  // its page cache, and with the cookie every build renders `/` every time.
  { name: '`/` rendered', path: '/', headers: () => ({ cookie: 'bench=1' }) },
]

async function main() {
  const receiver = await dummyReceiver()
  const baseline = process.env.BENCH_BASELINE
  const servers: { key: string; served: Served & { dataDir: string }; cookie: string }[] = []
  try {
    const start = async (key: string, opts: Parameters<typeof startProduct>[0]) => {
      const served = await startProduct(opts)
      servers.push({ key, served, cookie: await driverCookie(served.url) })
    }
    if (baseline) await start('base', { buildDir: path.relative(ROOT, path.join(path.resolve(baseline), 'build')) })
    await start('off', { buildDir: 'build', env: { OTEL_EXPORTER_OTLP_ENDPOINT: '' } })
    const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'fleeters-bench' }
    if (process.env.BENCH_TRACED !== '0') await start('on', { buildDir: 'build', env: traced })

    // Warm each target on each server (route modules, statement caches, JIT).
    for (const s of servers) {
      for (const t of TARGETS) await throughput(`${s.served.url}${t.path}`, 2, 1000, t.headers(s.cookie))
    }

    const results = new Map<string, number[]>()
    for (let round = 0; round < ROUNDS; round++) {
      const order = servers.map((_, i) => servers[(i + round) % servers.length]!)
      const line: string[] = []
      for (const t of TARGETS)
        for (const s of order) {
          const r = await throughput(`${s.served.url}${t.path}`, CONNECTIONS, SECONDS * 1000, t.headers(s.cookie))
          if (r.errors) throw new Error(`${s.key} ${t.path}: ${r.errors} answers that were not 200`)
          const key = `${t.name}|${s.key}`
          results.set(key, [...(results.get(key) ?? []), r.rps])
          line.push(`${s.key} ${t.name} ${r.rps.toFixed(0)}`)
        }
      console.log(`round ${round + 1}/${ROUNDS} (load ${loadAverage()}): ${line.join(' · ')}`)
    }

    console.log(`\nreq/s, median (min–max) of ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections:`)
    for (const t of TARGETS) {
      const off = median(results.get(`${t.name}|off`)!)
      for (const s of servers) {
        const xs = results.get(`${t.name}|${s.key}`)!
        const m = median(xs)
        const range = `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`
        const ratio = `${((m / off) * 100).toFixed(1)} % of off`
        console.log(`  ${t.name.padEnd(14)} ${s.key.padEnd(5)} ${m.toFixed(0).padStart(6)} (${range})  ${ratio}`)
      }
    }
    for (const s of servers) console.log(`  RSS ${s.key}: ${rssMb(s.served.pid).toFixed(0)} MB`)
  } finally {
    for (const s of servers) await s.served.stop()
    const { batches, spans, names } = receiver.stats()
    const top = [...names.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)
    console.log(`\nThe dummy receiver got ${spans} spans in ${batches} batches; most frequent:`)
    for (const [name, n] of top) console.log(`  ${String(n).padStart(7)}  ${name}`)
    await receiver.close()
  }
}

await main()
