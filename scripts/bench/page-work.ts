/**
 * What a warm page does, counted by the product's own metrics: for each bench page, the service
 * calls per request (by service route, with their mean duration) and the database queries per
 * request, from `/metrics` scraped before and after `--requests` sequential requests, and the
 * server's CPU per request over the same requests. The memos of docs/architecture.md «Mechanisms
 * and what each buys» are judged by the work they skip: how many of these each one saves a page,
 * times what one costs (scripts/bench/skipped-work.ts times the operations alone).
 *
 *   npx tsx scripts/bench/page-work.ts [--requests=50] [--build=build-bench]
 *
 * Needs a production build in `--build` (`BUILD_DIR=build-bench npx react-router build`).
 */
import fs from 'node:fs'
import { arg } from './args'
import { BROWSER_HEADERS, driverCookie, loadAverage, startProduct } from './servers'

const REQUESTS = Number(arg('requests') ?? 50)
const TOKEN = 'page-work-metrics-token-0123456789abcdef'

const PAGES = [
  { name: '`/` rendered', path: '/', signedIn: false, headers: { cookie: 'bench=1' } },
  { name: 'driver dashboard', path: '/user/dashboard/home', signedIn: true, headers: {} },
  { name: 'driver postings', path: '/user/dashboard/job-postings', signedIn: true, headers: {} },
]

/** A process's CPU time so far in ms (user + system, Linux /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** The series of a Prometheus text exposition whose name starts with `prefix`: labels → value. */
function series(text: string, name: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue
    const match = /^(\S+?)(\{.*\})? (\S+)$/.exec(line)
    if (match && match[1] === name) out.set(match[2] ?? '', Number(match[3]))
  }
  return out
}

async function scrape(base: string): Promise<string> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  if (!res.ok) throw new Error(`/metrics answered ${res.status}`)
  return res.text()
}

function difference(after: Map<string, number>, before: Map<string, number>): Map<string, number> {
  const out = new Map<string, number>()
  for (const [key, value] of after) {
    const delta = value - (before.get(key) ?? 0)
    if (delta) out.set(key, delta)
  }
  return out
}

async function main() {
  const served = await startProduct({ env: { METRICS_TOKEN: TOKEN }, buildDir: arg('build') })
  try {
    const cookie = await driverCookie(served.url)
    console.log(`Work per warm page, ${REQUESTS} sequential requests each (load average ${loadAverage()}):`)
    for (const page of PAGES) {
      const headers = { ...BROWSER_HEADERS, ...page.headers, ...(page.signedIn ? { cookie } : {}) }
      const get = async () => {
        const res = await fetch(`${served.url}${page.path}`, { headers, redirect: 'manual' })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`)
      }
      for (let i = 0; i < 20; i++) await get()
      const before = await scrape(served.url)
      const cpuBefore = cpuMs(served.pid)
      for (let i = 0; i < REQUESTS; i++) await get()
      const cpu = (cpuMs(served.pid) - cpuBefore) / REQUESTS
      const after = await scrape(served.url)
      const calls = difference(
        series(after, 'fleeters_service_calls_total'),
        series(before, 'fleeters_service_calls_total'),
      )
      const seconds = difference(
        series(after, 'fleeters_service_call_duration_seconds_sum'),
        series(before, 'fleeters_service_call_duration_seconds_sum'),
      )
      const queries = difference(
        series(after, 'fleeters_db_query_duration_seconds_count'),
        series(before, 'fleeters_db_query_duration_seconds_count'),
      )
      const querySeconds = difference(
        series(after, 'fleeters_db_query_duration_seconds_sum'),
        series(before, 'fleeters_db_query_duration_seconds_sum'),
      )
      const perRequest = (n: number) => (n / REQUESTS).toFixed(2)
      const total = [...calls.values()].reduce((a, b) => a + b, 0)
      const queryCount = [...queries.values()].reduce((a, b) => a + b, 0)
      const queryMs = [...querySeconds.values()].reduce((a, b) => a + b, 0) * 1000
      console.log(`\n  ${page.name} (${page.path}): ${cpu.toFixed(2)} ms of server CPU per request`)
      console.log(
        `    service calls per request: ${perRequest(total)}; database queries: ${perRequest(queryCount)}` +
          (queryCount ? ` (mean ${((queryMs / queryCount) * 1000).toFixed(0)} µs)` : ''),
      )
      for (const [labels, n] of [...calls].sort((a, b) => b[1] - a[1])) {
        const durationKey = labels
        const mean = ((seconds.get(durationKey) ?? 0) / n) * 1e6
        console.log(`      ${perRequest(n).padStart(5)} × ${labels}  mean ${mean.toFixed(0)} µs`)
      }
    }
  } finally {
    await served.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
