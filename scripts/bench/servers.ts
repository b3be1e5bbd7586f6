/**
 * What the benchmarks start and how they load them: the product's production server (built
 * output, temp data folder and SQLite database, demo data) and the bare React Router app of
 * scripts/bench/bare-app served by `react-router-serve`, each on its own free loopback port;
 * a closed-loop load generator (Node's fetch, keep-alive); the resident memory of a process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const BARE_APP = path.join(ROOT, 'scripts/bench/bare-app')
/** The product's bench build (gitignored), apart from `build/` so a running server keeps its own. */
export const BUILD_DIR = 'build-bench'

export interface Served {
  url: string
  pid: number
  /** How it is served (printed with the figures). */
  how: string
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8' })
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(' ')} (in ${path.relative(ROOT, cwd) || '.'}) failed:\n${r.stdout}\n${r.stderr}`,
    )
}

/**
 * `react-router build` of the product into build-bench/ (with build-bench/server.js), once a run
 * (BENCH_SKIP_BUILD=1 reuses it).
 */
let productBuilt = false
export function buildProduct() {
  if (productBuilt || (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(ROOT, BUILD_DIR, 'server.js'))))
    return
  run('npx', ['react-router', 'build'], ROOT, { ...process.env, BUILD_DIR })
  productBuilt = true
}

/** `react-router build` of the bare app, with the fixture as the working folder (its own build/). */
export function buildBare() {
  if (process.env.BENCH_SKIP_BUILD === '1' && fs.existsSync(path.join(BARE_APP, 'build/server/index.js'))) return
  run('npx', ['react-router', 'build'], BARE_APP, { ...process.env, NODE_ENV: 'production' })
}

async function waitForHttp(url: string, child: ChildProcess, label: string, ms = 90_000): Promise<void> {
  const until = Date.now() + ms
  let exited: number | null | undefined
  child.once('exit', (code) => (exited = code))
  while (Date.now() < until) {
    if (exited !== undefined) throw new Error(`${label} exited (${exited}) before answering`)
    try {
      const res = await fetch(url)
      await res.arrayBuffer()
      if (res.status < 500) return
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${label} did not answer ${url} within ${ms / 1000} s`)
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill('SIGTERM')
    })
}

/**
 * How production starts the server: the variables and Node flags of `scripts/serve.sh` (what
 * `npm run serve` runs: `export VAR=value…` then `exec node <flags> build/server.js`), read from
 * there so a benchmark measures the process production runs.
 */
export function productionStart(): { command: string; env: Record<string, string>; nodeFlags: string[] } {
  const script = fs.readFileSync(path.join(ROOT, 'scripts/serve.sh'), 'utf8')
  const vars = /^export((?: [A-Z][A-Z0-9_]*=\S+)+)$/m.exec(script)
  const run = /^exec node((?: --\S+)*) build\/server\.js "\$@"$/m.exec(script)
  if (!vars || !run)
    throw new Error('scripts/serve.sh no longer has `export VAR=value…` and `exec node [flags] build/server.js`')
  const env = Object.fromEntries(
    vars[1]!
      .split(' ')
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  )
  return { command: `${vars[0]}; ${run[0]}`, env, nodeFlags: run[1]!.split(' ').filter(Boolean) }
}

/**
 * The product as production runs it (productionStart(): `node <flags> build/server.js`, the
 * compiled server.ts), NODE_ENV=production, the request log on (drained, not printed), a temp
 * data folder with SQLite and the demo accounts.
 * `nodeArgs` e.g. `--cpu-prof` (scripts/bench/profile.ts).
 */
export async function startProduct(
  opts: { nodeArgs?: string[]; env?: Record<string, string>; buildDir?: string } = {},
): Promise<Served & { dataDir: string }> {
  const buildDir = opts.buildDir ?? BUILD_DIR
  if (!fs.existsSync(path.join(ROOT, buildDir, 'server.js')))
    throw new Error(`${buildDir}/server.js not found: run \`npm run build\` first`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-bench-'))
  const port = await freePort()
  const production = productionStart()
  const args = [...production.nodeFlags, ...(opts.nodeArgs ?? []), path.join(buildDir, 'server.js')]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...production.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      BUILD_DIR: buildDir,
      SEED_DEMO: 'always',
      RATE_LIMIT_FACTOR: '1000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stdout!.resume()
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)))
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${url}/healthz`, child, 'the product server')
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`${String(err)}\n${stderr}`)
  }
  const stop = stopper(child)
  return {
    url,
    pid: child.pid!,
    dataDir,
    how: `scripts/serve.sh (${production.command}), production build`,
    stop: async () => {
      await stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The bare app served by `react-router-serve` (@react-router/serve, a root devDependency: what
 * `npm start` of React Router's own template runs: express, compression, a request log).
 */
export async function startBare(): Promise<Served> {
  const port = await freePort()
  const require = createRequire(path.join(BARE_APP, 'package.json'))
  let pkg: string
  try {
    pkg = require.resolve('@react-router/serve/package.json')
  } catch {
    throw new Error(
      '@react-router/serve is not installed: run `npm install` (it is a devDependency of the root package).',
    )
  }
  const bin = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { bin: Record<string, string> }).bin['react-router-serve']!
  const child = spawn(process.execPath, [path.join(path.dirname(pkg), bin), 'build/server/index.js'], {
    cwd: BARE_APP,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout!.resume()
  const url = `http://127.0.0.1:${port}`
  await waitForHttp(`${url}/`, child, 'the bare app')
  return { url, pid: child.pid!, how: 'react-router-serve', stop: stopper(child) }
}

/** What Chrome sends for a page load (over HTTPS it also offers br and zstd). */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'sec-fetch-dest': 'document',
}

/** Requests per second with `connections` closed loops for `ms` (only 200s count; others are errors). */
export async function throughput(
  url: string,
  connections: number,
  ms: number,
  headers: Record<string, string> = {},
): Promise<{ rps: number; errors: number; count: number }> {
  const end = Date.now() + ms
  let done = 0
  let errors = 0
  const started = Date.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        try {
          const res = await fetch(url, { headers: { ...BROWSER_HEADERS, ...headers }, redirect: 'manual' })
          await res.arrayBuffer()
          if (res.status === 200) done++
          else errors++
        } catch {
          errors++
        }
      }
    }),
  )
  return { rps: done / ((Date.now() - started) / 1000), errors, count: done }
}

/** Exactly `n` requests, `connections` at a time (for profiles). */
export async function requests(
  url: string,
  n: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<number> {
  let next = 0
  let errors = 0
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next++ < n) {
        const res = await fetch(url, { headers: { ...BROWSER_HEADERS, ...headers }, redirect: 'manual' })
        await res.arrayBuffer()
        if (res.status !== 200) errors++
      }
    }),
  )
  return errors
}

/** The demo driver's session cookie (a real login through the login form). */
export async function driverCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'conductor@demo.fleeters.cl', password: 'Fleeters2026' }),
  })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('__fleeters_session='))
    .join('; ')
  if (res.status !== 302 || !cookie) throw new Error(`demo driver login answered ${res.status}`)
  return cookie
}

/** Resident memory of a process in MB (Linux /proc/<pid>/status VmRSS), or NaN elsewhere. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

/**
 * Resets a process's peak resident memory (VmHWM) to its current one (`5` into
 * /proc/<pid>/clear_refs, Linux ≥ 4.0, our own child). False where that is not possible.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** The kernel's peak resident memory of a process in MB (VmHWM: since its start or resetPeakRss), or NaN. */
export function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) / 1024 : NaN
  } catch {
    return NaN
  }
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
