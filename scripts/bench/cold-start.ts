/**
 * Cold start: how long the production server takes from `spawn` to its first
 * `GET /healthz` 200 and its first `GET /` 200, on an existing database (a first start creates
 * and seeds it in a temporary folder and is not counted). Prints the median of 3 starts, and
 * the idle memory (RSS) of the process after its first page.
 *
 *   npx react-router build && npx tsx scripts/bench/cold-start.ts [--runs=3] [--entry=tsx]
 *
 * `--entry=tsx` times the old way (`node --import tsx server.ts`) for comparison. Exit 1 when
 * the median to `/` is over the budget (3 s).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { arg } from './args'
import { freePort } from './servers'

export const BUDGET_MS = 3000
const ROOT = path.resolve(import.meta.dirname, '..', '..')

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Start {
  healthzMs: number
  pageMs: number
  rssMb: number
}

async function startOnce(entry: string[], dataDir: string): Promise<Start> {
  const port = await freePort()
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  let dead = false
  void exited.then(() => (dead = true))
  const base = `http://127.0.0.1:${port}`
  const until = async (url: string, headers: Record<string, string> = {}) => {
    for (;;) {
      if (dead) throw new Error(`the server exited before answering ${url}`)
      if (performance.now() - started > 60_000) throw new Error(`no answer from ${url} in 60 s`)
      try {
        const res = await fetch(url, { headers })
        await res.arrayBuffer()
        if (res.ok) return performance.now() - started
      } catch {}
      await sleep(10)
    }
  }
  try {
    const healthzMs = await until(`${base}/healthz`)
    const pageMs = await until(`${base}/`, { accept: 'text/html' })
    await sleep(500)
    const rssKb = Number(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0)
    return { healthzMs, pageMs, rssMb: rssKb / 1024 }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function coldStart(opts: { runs?: number; entry?: 'node' | 'tsx' } = {}) {
  const runs = opts.runs ?? 3
  const entry =
    opts.entry === 'tsx' ? ['--import', 'tsx', 'server.ts'] : [path.join(process.env.BUILD_DIR ?? 'build', 'server.js')]
  if (opts.entry !== 'tsx' && !fs.existsSync(path.resolve(ROOT, entry[0]!)))
    throw new Error(`${entry[0]} not found: run \`npm run build\` first`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-cold-'))
  try {
    await startOnce(entry, dataDir) // creates, migrates and seeds the database
    const starts: Start[] = []
    for (let i = 0; i < runs; i++) starts.push(await startOnce(entry, dataDir))
    return {
      healthzMs: median(starts.map((s) => s.healthzMs)),
      pageMs: median(starts.map((s) => s.pageMs)),
      rssMb: median(starts.map((s) => s.rssMb)),
      starts,
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const entry = arg('entry') === 'tsx' ? 'tsx' : 'node'
  const result = await coldStart({ runs: Number(arg('runs') ?? 3), entry })
  const ms = (n: number) => `${Math.round(n)} ms`
  console.log(
    `Cold start ` +
      `(${entry === 'tsx' ? 'node --import tsx server.ts' : 'node build/server.js'}, ` +
      `existing database, median of ${result.starts.length}):`,
  )
  console.log(`  first GET /healthz  ${ms(result.healthzMs)}`)
  console.log(`  first GET /         ${ms(result.pageMs)}   (budget ${ms(BUDGET_MS)})`)
  console.log(`  idle RSS            ${Math.round(result.rssMb)} MB`)
  if (result.pageMs > BUDGET_MS) {
    console.log('  over budget')
    process.exitCode = 1
  }
}
