/**
 * CPU profile of the product's server under the pages the bench budgets: `/` rendered on every
 * request and the logged-in driver dashboard. Starts the
 * production server with `node --cpu-prof`, sends PROFILE_REQUESTS to each (4 at a time), stops
 * it and prints the functions with the most self time.
 *
 *   npx tsx scripts/bench/profile.ts [out-dir]      (BENCH_SKIP_BUILD=1 reuses build-bench/)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildProduct, driverCookie, requests, startProduct } from './servers'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Microseconds on the monotonic clock V8's profiler stamps samples with (Linux: both CLOCK_MONOTONIC). */
const nowUs = () => Number(process.hrtime.bigint() / 1000n)

/** A profile's frame as `function file:line`, the file inside node_modules or this checkout. */
export function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(`${process.cwd()}/`, '')
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`
}

/** Self time by function (name, file, line), in ms, largest first; only samples within [fromUs, toUs] when given. */
export function topSelfTime(
  file: string,
  top = 25,
  fromUs = 0,
  toUs = Infinity,
): Array<{ name: string; ms: number; share: number }> {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  let total = 0
  let at = profile.startTime
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!
    at += profile.timeDeltas[i] ?? 0
    if (at < fromUs || at > toUs) return
    const dt = (profile.timeDeltas[i] ?? 0) / 1000
    total += dt
    const key = frameName(node.callFrame)
    self.set(key, (self.get(key) ?? 0) + dt)
  })
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms, share: ms / total }))
}

async function main() {
  const outDir = path.resolve(process.argv[2] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-profile-')))
  fs.mkdirSync(outDir, { recursive: true })
  const n = Number(process.env.PROFILE_REQUESTS ?? 400)
  buildProduct()
  const window = { from: 0, to: Infinity }
  const server = await startProduct({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${outDir}`] })
  try {
    const cookie = await driverCookie(server.url)
    // Warm-up, then the measured requests.
    await requests(`${server.url}/`, 50, 4)
    await requests(`${server.url}/user/dashboard/home`, 50, 4, { cookie })
    window.from = nowUs()
    const t0 = performance.now()
    const e1 = await requests(`${server.url}/`, n, 4)
    const t1 = performance.now()
    const e2 = await requests(`${server.url}/user/dashboard/home`, n, 4, { cookie })
    const t2 = performance.now()
    window.to = nowUs()
    console.log(
      `${n} × / in ${((t1 - t0) / 1000).toFixed(1)} s (${e1} not 200), ${n} × ` +
        `driver dashboard in ${((t2 - t1) / 1000).toFixed(1)} s (${e2} not 200)`,
    )
  } finally {
    await server.stop()
  }
  const file = fs
    .readdirSync(outDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(outDir, f))
    // The main thread's (pino's worker thread writes its own, smaller one).
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]
  if (!file) throw new Error(`no .cpuprofile in ${outDir}`)
  console.log(`Profile: ${file}\nTop self time while the measured requests ran:`)
  for (const f of topSelfTime(file, 30, window.from, window.to))
    console.log(`  ${f.ms.toFixed(0).padStart(6)} ms ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main()
}
