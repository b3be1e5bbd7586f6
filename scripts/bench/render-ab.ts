/**
 * A rendering mechanism's worth measured inside one server process, where two processes' noise
 * (their JIT, their heaps, the machine's other work landing on one of them) cannot tell 3 % apart.
 * The build is `scripts/bench/ab-variants.sh render-switch`: its pages read an `x-ab` header, so
 * each request picks the variant it renders:
 *
 * - `A`: the code as it is (`<Scripts/>`' elements kept per page);
 * - `S`: without the mechanism (`<Scripts/>` worked out on every render);
 * - `T`: as A, and a fresh `<Scripts/>` timed inside the render too: the work a kept page skips,
 *   measured where it happens.
 *
 * One connection, requests one after another, so each renders alone under its variant. The
 * variants take turns in blocks, in a new order each round; each block's cost is the main thread's
 * time on a CPU (`/proc/<pid>/schedstat`, nanoseconds; the render runs there).
 *
 *   npx tsx scripts/bench/render-ab.ts --build=../ab/render-switch/build-bench [--rounds=12] [--block=40]
 */
import fs from 'node:fs'
import { arg } from './args'
import { BROWSER_HEADERS, driverCookie, loadAverage, median, startProduct } from './servers'

const ROUNDS = Number(arg('rounds') ?? 12)
const BLOCK = Number(arg('block') ?? 40)
const VARIANTS = ['A', 'T', 'S'] as const

/** The main thread's time on a CPU so far, in ms. */
function threadMs(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6
}

async function main() {
  const build = arg('build')
  if (!build) throw new Error('--build=<the render-switch variant build folder> is required')
  const served = await startProduct({ buildDir: build })
  try {
    const driver = await driverCookie(served.url)
    const pages = [
      { name: 'driver dashboard', path: '/user/dashboard/home', cookie: driver },
      { name: 'driver postings', path: '/user/dashboard/job-postings', cookie: driver },
      { name: '`/` rendered', path: '/', cookie: '' },
    ]
    const send = async (path: string, cookie: string, variant: string) => {
      const res = await fetch(served.url + path, { headers: { ...BROWSER_HEADERS, cookie, 'x-ab': variant } })
      if (variant === 'P') return (await res.json()) as number[]
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${path} (${variant}) answered ${res.status}`)
      return []
    }
    for (const page of pages) {
      for (const v of VARIANTS) for (let i = 0; i < 100; i++) await send(page.path, page.cookie, v)
      await send('/', '', 'P')
      const cost: Record<string, number[]> = { A: [], T: [], S: [] }
      for (let r = 0; r < ROUNDS; r++) {
        for (const v of [...VARIANTS].sort(() => Math.random() - 0.5)) {
          const before = threadMs(served.pid)
          for (let i = 0; i < BLOCK; i++) await send(page.path, page.cookie, v)
          cost[v]!.push((threadMs(served.pid) - before) / BLOCK)
        }
      }
      const fresh = await send('/', '', 'P')
      const a = median(cost.A!)
      console.log(`\n${page.name}: main thread ms per request, median of ${ROUNDS} blocks of ${BLOCK}`)
      console.log(`  load average ${loadAverage()}`)
      for (const v of VARIANTS) {
        const ratio = median(cost[v]!.map((x, i) => x / cost.A![i]!))
        console.log(
          `  ${v}  ${median(cost[v]!).toFixed(3)} ms  B÷A ${((median(cost[v]!) / a - 1) * 100).toFixed(1)} %` +
            `  (round by round ${((ratio - 1) * 100).toFixed(1)} %)`,
        )
      }
      const us = median(fresh) * 1000
      console.log(
        `  a fresh <Scripts/>, timed in ${fresh.length} renders: ${us.toFixed(0)} µs, ` +
          `${(us / 10 / a).toFixed(1)} % of A's request`,
      )
    }
  } finally {
    await served.stop()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
