/**
 * Two builds of the product side by side, for a mechanism's worth (a cache, a memo, a shortcut):
 * A is the code as it is, B the same code without the mechanism. Both are started as production
 * runs them (`startProduct`, a temp SQLite database with the demo data) and take the same pages
 * in interleaved rounds, the order rotating, so the machine's noise falls on both alike:
 *
 *   npx tsx scripts/bench/ab.ts --b=../other-checkout/build-bench[,../another/build-bench…]
 *     [--a=build-bench] [--rounds=6] [--seconds=5] [--connections=8] [--only=dashboard]
 *
 * Several B builds (one per mechanism left out) share one run: each is compared with the same A.
 * `scripts/bench/ab-variants.sh` makes and builds the page mechanisms' variants.
 *
 * Each build is a `BUILD_DIR=… npx react-router build` of its checkout (a path relative to this
 * one). Prints each page's req/s (median, min–max) for A and B, B ÷ A with its per-round range,
 * and the load average of every round. A mechanism stays where it buys ≥ 3 % on a budgeted page
 * (`/` rendered, the driver dashboard) or keeps a budget met; the figures say which.
 */
import fs from 'node:fs'
import os from 'node:os'
import { arg } from './args'
import { BUILD_DIR, driverCookie, loadAverage, median, startProduct, throughput, type Served } from './servers'

const ROUNDS = Math.max(3, Number(arg('rounds') ?? 6))
const SECONDS = Number(arg('seconds') ?? 5)
const CONNECTIONS = Number(arg('connections') ?? 8)

/**
 * The bench's pages: the budgeted ones first. `/` carries a cookie the product does not read: a build from before
 * decision 119 answers an anonymous `/` from its page cache, and with the cookie every build renders it.
 */
const PAGES: Array<{ key: string; name: string; path: string; signedIn: boolean; headers: Record<string, string> }> = [
  { key: 'home', name: '`/` rendered', path: '/', signedIn: false, headers: { cookie: 'bench=1' } },
  { key: 'dashboard', name: 'driver dashboard', path: '/user/dashboard/home', signedIn: true, headers: {} },
  { key: 'postings', name: 'driver postings', path: '/user/dashboard/job-postings', signedIn: true, headers: {} },
]

/** A process's CPU time so far in ms (user + system, Linux /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS
}
const TICKS = 100

async function main() {
  const dirsB = (arg('b') ?? '').split(',').filter(Boolean)
  if (!dirsB.length) throw new Error('--b=<build folder of the variant>[,<another>…] is required')
  const dirA = arg('a') ?? BUILD_DIR
  const only = arg('only')
  const pages = PAGES.filter((p) => !only || only.split(',').includes(p.key))
  const servers: Array<Served & { dataDir: string }> = []
  try {
    // One B per variant, labelled by its folder's name when there are several.
    const builds = [
      { label: 'A', dir: dirA },
      ...dirsB.map((dir, i) => ({ label: dirsB.length > 1 ? `B${i + 1}` : 'B', dir })),
    ]
    const started = await Promise.all(builds.map((b) => startProduct({ buildDir: b.dir })))
    servers.push(...started)
    const sides = await Promise.all(
      builds.map(async (b, i) => ({ ...b, server: started[i]!, cookie: await driverCookie(started[i]!.url) })),
    )
    const targets = pages.flatMap((page) =>
      sides.map((side) => ({
        key: `${page.key} ${side.label}`,
        pid: side.server.pid,
        url: `${side.server.url}${page.path}`,
        headers: page.signedIn ? { cookie: side.cookie } : page.headers,
      })),
    )
    for (const t of targets) {
      const res = await fetch(t.url, { headers: { accept: 'text/html', ...t.headers }, redirect: 'manual' })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${t.key} answered ${res.status}`)
      await throughput(t.url, CONNECTIONS, 1000, t.headers) // warm-up
    }
    console.log(
      `${builds.map((b) => `${b.label} = ${b.dir}`).join(', ')}: ${ROUNDS} interleaved rounds × ${SECONDS} s per ` +
        `page and build, ${CONNECTIONS} connections, ${os.cpus().length} cores, node ${process.version}`,
    )
    const rps = new Map(targets.map((t) => [t.key, [] as number[]]))
    const cpu = new Map(targets.map((t) => [t.key, [] as number[]]))
    for (let r = 0; r < ROUNDS; r++) {
      // Rotate, and reverse every other round, so no build always runs first.
      const order = targets.map((_, i) => targets[(i + r) % targets.length]!)
      if (r % 2) order.reverse()
      const line: string[] = []
      for (const t of order) {
        const before = cpuMs(t.pid)
        const res = await throughput(t.url, CONNECTIONS, SECONDS * 1000, t.headers)
        if (res.errors) throw new Error(`${t.key}: ${res.errors} answers not 200`)
        rps.get(t.key)!.push(res.rps)
        cpu.get(t.key)!.push((cpuMs(t.pid) - before) / res.count)
        line.push(`${t.key} ${res.rps.toFixed(0)}`)
      }
      console.log(`  round ${r + 1}: ${line.join(' · ')}   (load average ${loadAverage()})`)
    }
    console.log(
      "\nreq/s, median (min–max); B ÷ A of the medians [per-round range]; the server's CPU per request " +
        '(ms, median), steadier than req/s on a shared machine:',
    )
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`
    const pct = (x: number) => `${((x - 1) * 100).toFixed(1)} %`
    for (const page of pages) {
      const xa = rps.get(`${page.key} A`)!
      const cpuA = median(cpu.get(`${page.key} A`)!)
      console.log(
        `  ${page.name.padEnd(18)} A ${median(xa).toFixed(0).padStart(5)} (${range(xa)})  CPU ${cpuA.toFixed(2)}`,
      )
      for (const side of sides.slice(1)) {
        const xb = rps.get(`${page.key} ${side.label}`)!
        const cpuB = median(cpu.get(`${page.key} ${side.label}`)!)
        const perRound = xb.map((x, i) => x / xa[i]!)
        console.log(
          `  ${''.padEnd(18)} ${side.label.padEnd(3)} ${median(xb).toFixed(0).padStart(5)} (${range(xb)})  ` +
            `B ÷ A ${pct(median(xb) / median(xa))} [${pct(Math.min(...perRound))} … ${pct(Math.max(...perRound))}]  ` +
            `CPU ${cpuB.toFixed(2)} (B ÷ A ${pct(cpuB / cpuA)})  ${side.dir}`,
        )
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()))
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
