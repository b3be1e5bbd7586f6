/**
 * Server-rendered `/` throughput against a bare React Router page, both served by the same
 * production server in the same run (budget: home ≥ 60 % of bare). Builds its own bundle with
 * the bare route (BENCH_ROUTES=1) into build-bench/, starts server.ts on a free loopback port
 * with a temp data folder and demo data, then alternates fixed-length closed-loop runs.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const BUILD_DIR = 'build-bench'

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', BUILD_DIR, SEED_DEMO: 'always', RATE_LIMIT_FACTOR: '1000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error('server did not start')), 60_000)
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!.replace('localhost', '127.0.0.1'))
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  return { url, stop: () => child.kill('SIGTERM') }
}

/** Requests per second with `connections` closed loops for `ms` (bounded in time and count). */
/** What Chrome sends for a page load (over HTTPS it also offers br and zstd). */
const BROWSER_HEADERS = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br, zstd' }

async function throughput(url: string, connections: number, ms: number, extra: Record<string, string> = {}): Promise<{ rps: number; errors: number }> {
  const end = Date.now() + ms
  let done = 0
  let errors = 0
  const MAX_REQUESTS = 200_000
  async function loop() {
    while (Date.now() < end && done < MAX_REQUESTS) {
      try {
        const res = await fetch(url, { headers: { ...BROWSER_HEADERS, ...extra } })
        await res.arrayBuffer()
        if (res.ok) done++
        else errors++
      } catch {
        errors++
      }
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: connections }, loop))
  return { rps: done / ((Date.now() - started) / 1000), errors }
}

export async function benchHome(opts: { seconds?: number; connections?: number; rounds?: number } = {}) {
  const seconds = opts.seconds ?? 5
  const connections = opts.connections ?? 8
  const rounds = opts.rounds ?? 3
  const build = spawnSync('npx', ['react-router', 'build'], { cwd: ROOT, env: { ...process.env, BUILD_DIR, BENCH_ROUTES: '1' }, stdio: 'ignore' })
  if (build.status !== 0) throw new Error('bench build failed')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-bench-'))
  const server = await startServer(dataDir)
  try {
    const home = `${server.url}/`
    const bare = `${server.url}/__bench/bare`
    for (const u of [home, bare]) {
      const res = await fetch(u)
      if (!res.ok) throw new Error(`${u} answered ${res.status}`)
      await throughput(u, connections, 1000) // warm-up
    }
    // `Cache-Control: no-cache` (a reload) skips the anonymous page cache: every view rendered.
    const noCache = { 'cache-control': 'no-cache' }
    await throughput(home, connections, 1000, noCache)
    const totals = { home: 0, bare: 0, rendered: 0 }
    for (let r = 0; r < rounds; r++) {
      totals.bare += (await throughput(bare, connections, seconds * 1000)).rps
      totals.home += (await throughput(home, connections, seconds * 1000)).rps
      totals.rendered += (await throughput(home, connections, seconds * 1000, noCache)).rps
    }
    const result = {
      homeRps: totals.home / rounds,
      bareRps: totals.bare / rounds,
      renderedRps: totals.rendered / rounds,
      ratio: totals.home / totals.bare,
      renderedRatio: totals.rendered / totals.bare,
    }
    const pct = (x: number) => `${(x * 100).toFixed(0)}% of bare`
    console.log(`SSR throughput (${connections} connections, ${rounds}×${seconds}s each, browser headers):`)
    console.log(`  bare React Router page          ${result.bareRps.toFixed(0)} req/s`)
    console.log(`  /  as visitors get it            ${result.homeRps.toFixed(0)} req/s  (${pct(result.ratio)}; budget ≥ 60%)`)
    console.log(`  /  rendered on every request     ${result.renderedRps.toFixed(0)} req/s  (${pct(result.renderedRatio)}; no page cache)`)
    return result
  } finally {
    server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchHome()
}
