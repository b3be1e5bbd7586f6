/**
 * Lighthouse (mobile, simulated throttling, performance only) on the 8 public pages, 3 runs each,
 * printing the median LCP, FCP, TBT and score per page (budgets: LCP ≤ 1.5 s, score ≥ 97). With
 * --driver, also the logged-in demo driver's home and the page of an open posting, with the
 * demo driver's session cookie on every request (budgets: LCP ≤ 1.0 s, score ≥ 98).
 * Lighthouse is not a dependency of the project: it runs through `npx lighthouse@12` (fetched from
 * the npm registry the first time) with Chromium at CHROME_PATH (default /usr/bin/chromium).
 *
 * Against the production build in build/ or BUILD_DIR (run `npx react-router build` first) on a free loopback
 * port with a temp data folder and demo data, or against BASE_URL when set. Simulated figures
 * still depend on the machine's CPU: the load average is printed beside them.
 *
 *   npx tsx scripts/bench/lighthouse.ts [--runs=3] [--pages=/,/login] [--driver] [--json=medians.json]
 *     [--keep=dir] [--bare]
 *
 * --keep keeps every Lighthouse report (JSON) in dir, to see what an outlier run waited for.
 * --bare also runs the bare React Router app's page (scripts/bench/bare-app, built if needed) as
 * the reference. The runs go in rounds, every page once a round, so that the machine's load
 * falls alike on all of them.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { arg } from './args'
import { buildBare, driverCookie, startBare } from './servers'

const ROOT = path.resolve(import.meta.dirname, '../..')
export const PUBLIC_PAGES = [
  '/',
  '/empresas',
  '/contacto',
  '/ayuda',
  '/preguntas-frecuentes',
  '/terminos-condiciones',
  '/login',
  '/register',
]
const LIGHTHOUSE = process.env.LIGHTHOUSE_PACKAGE ?? 'lighthouse@12.8.2'
export const LCP_BUDGET_MS = 1500
export const SCORE_BUDGET = 97
/** The driver's pages, read on a phone between deliveries, get a tighter budget. */
export const DRIVER_LCP_BUDGET_MS = 1000
export const DRIVER_SCORE_BUDGET = 98
/** The driver's home, and the first open posting its «Ofertas» list links to. */
const DRIVER_HOME = '/user/dashboard/home'
const DRIVER_POSTINGS = '/user/dashboard/job-postings'

async function startServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_DEMO: 'always',
      RATE_LIMIT_FACTOR: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error('server did not start in 120 s'))
    }, 120_000)
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(m[1]!.replace('localhost', '127.0.0.1'))
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)))
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return { url, stop }
}

export interface Run {
  score: number
  lcp: number
  fcp: number
  tbt: number
  si: number
  /** In the real (unthrottled) load, Chrome painted only after every script had arrived (see below). */
  latePaint: boolean
  lcpElement: string
}

export function lighthouse(url: string, outFile: string, headers?: Record<string, string>): Promise<Run> {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    '--chrome-flags=--headless=new --no-sandbox --disable-background-networking --disable-gpu',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
    ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
  ]
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited with ${code}: ${err.slice(-2000)}`))
      const report = JSON.parse(fs.readFileSync(outFile, 'utf8')) as {
        categories: { performance: { score: number } }
        audits: Record<
          string,
          {
            numericValue?: number
            details?: {
              items?: Array<{
                items?: Array<{ node?: { nodeLabel?: string; selector?: string } }>
                observedFirstContentfulPaint?: number
                resourceType?: string
                networkEndTime?: number
              }>
            }
          }
        >
      }
      const a = report.audits
      const node = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
      const paint = a.metrics?.details?.items?.[0]?.observedFirstContentfulPaint ?? 0
      const scriptsIn = Math.max(
        0,
        ...(a['network-requests']?.details?.items ?? [])
          .filter((r) => r.resourceType === 'Script')
          .map((r) => r.networkEndTime ?? 0),
      )
      resolve({
        score: Math.round(report.categories.performance.score * 100),
        lcp: a['largest-contentful-paint']!.numericValue!,
        fcp: a['first-contentful-paint']!.numericValue!,
        tbt: a['total-blocking-time']!.numericValue!,
        si: a['speed-index']!.numericValue!,
        latePaint: paint > scriptsIn,
        lcpElement: node ? `${node.selector ?? ''} «${(node.nodeLabel ?? '').slice(0, 40)}»` : '',
      })
    })
  })
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

/** The demo driver's pages, each with its session cookie. */
async function driverTargets(baseUrl: string) {
  const cookie = await driverCookie(baseUrl)
  const list = await fetch(`${baseUrl}${DRIVER_POSTINGS}`, { headers: { cookie } })
  const id = new RegExp(`${DRIVER_POSTINGS}/(\\d+)`).exec(await list.text())?.[1]
  if (list.status !== 200 || !id) throw new Error(`no open posting in ${DRIVER_POSTINGS} (${list.status})`)
  return [DRIVER_HOME, `${DRIVER_POSTINGS}/${id}`].map((page) => ({
    page,
    url: `${baseUrl}${page}`,
    headers: { cookie },
    driver: true,
  }))
}

export async function benchLighthouse(
  opts: { runs?: number; pages?: string[]; driver?: boolean; baseUrl?: string; keep?: string; bare?: boolean } = {},
) {
  const runs = opts.runs ?? 3
  const pages = opts.pages ?? PUBLIC_PAGES
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-lighthouse-'))
  let server: Awaited<ReturnType<typeof startServer>> | null = null
  let bare: Awaited<ReturnType<typeof startBare>> | null = null
  let baseUrl = opts.baseUrl
  const results: Array<{
    page: string
    driver: boolean
    runs: Run[]
    median: Omit<Run, 'lcpElement' | 'latePaint'>
  }> = []
  try {
    if (!baseUrl) {
      if (!fs.existsSync(path.join(ROOT, process.env.BUILD_DIR ?? 'build', 'server/index.js')))
        throw new Error('no production build: run `npx react-router build` first')
      server = await startServer(path.join(out, 'data'))
      baseUrl = server.url
    }
    if (opts.bare) {
      buildBare()
      bare = await startBare()
    }
    const targets: Array<{ page: string; url: string; headers?: Record<string, string>; driver?: boolean }> = [
      ...(bare ? [{ page: 'bare /', url: `${bare.url}/` }] : []),
      ...pages.map((page) => ({ page, url: `${baseUrl}${page}` })),
      ...(opts.driver ? await driverTargets(baseUrl) : []),
    ]
    // One unmeasured load warms the server's caches (templates, demo data) and npx's.
    await lighthouse(`${baseUrl}/`, path.join(out, 'warm.json'))
    const done = new Map(targets.map((t) => [t.page, [] as Run[]]))
    for (let i = 0; i < runs; i++) {
      for (const { page, url, headers } of targets)
        done.get(page)!.push(await lighthouse(url, path.join(out, `${page.replace(/\W/g, '_')}-${i}.json`), headers))
    }
    for (const { page, driver = false } of targets) {
      const pageRuns = done.get(page)!
      const m = {
        score: median(pageRuns.map((r) => r.score)),
        lcp: median(pageRuns.map((r) => r.lcp)),
        fcp: median(pageRuns.map((r) => r.fcp)),
        tbt: median(pageRuns.map((r) => r.tbt)),
        si: median(pageRuns.map((r) => r.si)),
      }
      if (page !== 'bare /') results.push({ page, driver, runs: pageRuns, median: m })
      console.log(
        `${page.padEnd(24)} perf ${String(m.score).padStart(3)}  LCP ${(m.lcp / 1000).toFixed(2)} ` +
          `s  FCP ${(m.fcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  (runs: ` +
          `${pageRuns.map((r) => `${r.score}/${(r.lcp / 1000).toFixed(2)}${r.latePaint ? '*' : ''}`).join(', ')}) ` +
          ` LCP element ${pageRuns[0]!.lcpElement}`,
      )
    }
  } finally {
    await server?.stop()
    await bare?.stop()
    if (opts.keep) fs.cpSync(out, opts.keep, { recursive: true, filter: (src) => !src.includes(`${path.sep}data`) })
    fs.rmSync(out, { recursive: true, force: true })
  }
  const over = results.filter((r) =>
    r.driver
      ? r.median.lcp > DRIVER_LCP_BUDGET_MS || r.median.score < DRIVER_SCORE_BUDGET
      : r.median.lcp > LCP_BUDGET_MS || r.median.score < SCORE_BUDGET,
  )
  console.log(
    `Load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} ` +
      `on ${os.cpus().length} CPUs. Budget: LCP ≤ ${LCP_BUDGET_MS / 1000} s and perf ≥ ${SCORE_BUDGET} ` +
      `(the driver's pages: LCP ≤ ${DRIVER_LCP_BUDGET_MS / 1000} s and perf ≥ ${DRIVER_SCORE_BUDGET}), ` +
      `median of ${runs}.`,
  )
  if (over.length) console.log(`Over budget: ${over.map((r) => r.page).join(', ')}`)
  return { results, ok: over.length === 0 }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(arg('runs') ?? 3)
  const pages = arg('pages')?.split(',')
  const json = arg('json')
  benchLighthouse({
    runs,
    pages,
    driver: process.argv.includes('--driver'),
    baseUrl: process.env.BASE_URL,
    keep: arg('keep'),
    bare: process.argv.includes('--bare'),
  }).then(
    ({ results, ok }) => {
      if (json) fs.writeFileSync(json, JSON.stringify(results, null, 2))
      process.exitCode = ok ? 0 : 1
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
