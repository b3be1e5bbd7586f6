/**
 * Throughput of `/` and of the logged-in driver home with one process and with
 * two identical processes behind a small round-robin proxy (the load balancer), in the same run,
 * interleaved. Both processes share one database file, one data folder and one session secret;
 * each case goes through the proxy, so the only difference is the number of processes.
 *
 *   npx tsx scripts/bench-scale.ts        (npm run bench runs it too; SCALE_SECONDS, SCALE_ROUNDS)
 *
 * On a 2-core machine the load generator and the proxy share the cores with the servers, so the
 * ratio shows what a second process buys here, not on a machine with a core per process.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { BUILD_DIR, buildProduct, throughput } from './bench/servers'

const ROOT = path.resolve(import.meta.dirname, '..')

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(BUILD_DIR, 'server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      RATE_LIMIT_FACTOR: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // LOG_LEVEL=warn keeps request lines out of the measurement; the port comes from /proc instead.
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 90_000)
    const poll = setInterval(() => {
      const port = listeningPort(child.pid!)
      if (!port) return
      clearInterval(poll)
      clearTimeout(timer)
      resolve(`http://127.0.0.1:${port}`)
    }, 200)
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)))
  })
  child.stdout.resume()
  return { url, port: Number(new URL(url).port), stop: () => child.kill('SIGTERM') }
}

/** The TCP port a process listens on (Linux: its socket inodes in /proc/net/tcp). */
function listeningPort(pid: number): number | null {
  let inodes: Set<string>
  try {
    inodes = new Set(
      fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return /socket:\[(\d+)\]/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]
          } catch {
            return undefined
          }
        })
        .filter((x): x is string => Boolean(x)),
    )
  } catch {
    return null
  }
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/)
    // state 0A = LISTEN
    if (cols[3] === '0A' && inodes.has(cols[9]!)) return parseInt(cols[1]!.split(':')[1]!, 16)
  }
  return null
}

/** A round-robin HTTP proxy over keep-alive connections, with X-Forwarded-For like a balancer. */
function roundRobin(targets: number[]): Promise<{ url: string; close(): void }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  let next = 0
  const server = http.createServer((req, res) => {
    const port = targets[next++ % targets.length]!
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        agent,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      },
    )
    upstream.on('error', () => {
      res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() })
    }),
  )
}

async function driverCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'conductor@demo.fleeters.cl', password: 'Fleeters2026' }),
  })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  if (res.status !== 302 || !cookie) throw new Error(`demo driver login answered ${res.status}`)
  return cookie
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

export async function benchScale(opts: { seconds?: number; rounds?: number; connections?: number } = {}) {
  const seconds = opts.seconds ?? Number(process.env.SCALE_SECONDS ?? 5)
  const rounds = opts.rounds ?? Number(process.env.SCALE_ROUNDS ?? 3)
  const connections = opts.connections ?? 16
  // The bench's own build (npm run bench has just made it).
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, 'server.js'))) buildProduct()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-bench-scale-'))
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(36).toString('base64url'),
    SEED_DEMO: 'always',
    BUILD_DIR,
  }
  const a = await startServer(env)
  const b = await startServer(env)
  const one = await roundRobin([a.port])
  const two = await roundRobin([a.port, b.port])
  try {
    const cookie = await driverCookie(one.url)
    const cases: { name: string; path: string; headers: Record<string, string> }[] = [
      { name: '/', path: '/', headers: {} },
      { name: 'driver home (logged in)', path: '/user/dashboard/home', headers: { cookie } },
    ]
    for (const c of cases)
      for (const p of [one, two]) await throughput(`${p.url}${c.path}`, connections, 1000, c.headers) // warm-up
    const results = cases.map(() => ({ one: [] as number[], two: [] as number[], errors: 0 }))
    for (let r = 0; r < rounds; r++) {
      for (const [i, c] of cases.entries()) {
        // Interleaved: one, two, then two, one on the next round.
        const order = r % 2 ? (['two', 'one'] as const) : (['one', 'two'] as const)
        for (const which of order) {
          const t = await throughput(
            `${(which === 'one' ? one : two).url}${c.path}`,
            connections,
            seconds * 1000,
            c.headers,
          )
          results[i]![which].push(t.rps)
          results[i]!.errors += t.errors
        }
      }
    }
    console.log(
      `Scale-out (${connections} connections through a round-robin proxy, ${rounds}×${seconds}s, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${os.cpus().length} cores):`,
    )
    const summary = cases.map((c, i) => {
      const r = results[i]!
      const ratio = median(r.two) / median(r.one)
      const errors = r.errors ? `   (${r.errors} errors)` : ''
      console.log(
        `  ${c.name.padEnd(28)} 1 process ${median(r.one).toFixed(0).padStart(5)} req/s   ` +
          `2 processes ${median(r.two).toFixed(0).padStart(5)} req/s   ×${ratio.toFixed(2)}${errors}`,
      )
      return { name: c.name, one: median(r.one), two: median(r.two), ratio, errors: r.errors }
    })
    return summary
  } finally {
    one.close()
    two.close()
    a.stop()
    b.stop()
    await new Promise((r) => setTimeout(r, 500))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchScale()
}
