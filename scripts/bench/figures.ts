/**
 * What the at-scale benches (review.ts, hiring.ts) share: the budget, timing one request shape
 * one at a time and 10 at once, and the table they print.
 */
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { addSqlFunctions } from '../../services/platform/db/connect'

export const BUDGET = { oneP95: 20, concurrentP95: 50 }
export const CONCURRENCY = 10

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

interface Spread {
  p50: number
  p95: number
}

export interface Figures {
  name: string
  one: Spread
  concurrent: Spread
  /** The statements whose plan reads a table or an index whole. */
  scans: string[]
}

const spread = (ms: number[]): Spread => {
  const sorted = [...ms].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }
}

/** `call` 10 times unmeasured, then `requests` times one at a time and `requests` times 10 at once. */
export async function timeCalls(
  call: () => Promise<void>,
  requests: number,
): Promise<Pick<Figures, 'one' | 'concurrent'>> {
  for (let i = 0; i < 10; i++) await call()
  const one: number[] = []
  for (let i = 0; i < requests; i++) {
    const t = performance.now()
    await call()
    one.push(performance.now() - t)
  }
  const concurrent: number[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < requests) {
        const t = performance.now()
        await call()
        concurrent.push(performance.now() - t)
      }
    }),
  )
  return { one: spread(one), concurrent: spread(concurrent) }
}

/**
 * The Node process's CPU time per call, in ms, one at a time: SQLite runs in this thread, so it is
 * what 10 calls at once queue behind, whatever else the machine runs.
 */
export async function cpuPerCall(call: () => Promise<void>, requests: number): Promise<number> {
  const before = process.cpuUsage()
  for (let i = 0; i < requests; i++) await call()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000 / requests
}

/**
 * SQLite: what the statement cache (services/platform/db/connect.ts `withStatementCache`) saves one
 * request: each statement it runs prepared on a connection of its own to the same file (the
 * median of 5 batches of 100 prepares), times its runs, against the request's CPU per call.
 */
export function printPrepares(
  name: string,
  statements: Array<{ sql: string; runs: number }>,
  dataDir: string,
  cpuMs: number,
) {
  const sqlite = new Database(path.join(dataDir, 'fleeters.db'), { readonly: true })
  // Without the product's SQL functions a search's statement does not prepare.
  addSqlFunctions(sqlite)
  try {
    let us = 0
    for (const { sql, runs } of statements) {
      const batches = Array.from({ length: 6 }, () => {
        const start = performance.now()
        for (let i = 0; i < 100; i++) sqlite.prepare(sql)
        return ((performance.now() - start) * 1000) / 100
      })
      us += runs * batches.slice(1).sort((a, b) => a - b)[2]!
    }
    const count = statements.reduce((n, s) => n + s.runs, 0)
    console.log(
      `  prepares · ${name}: ${count} statements, ${us.toFixed(0)} µs to prepare, ` +
        `${(us / 10 / cpuMs).toFixed(1)} % of its CPU (kept by the statement cache)`,
    )
  } finally {
    sqlite.close()
  }
}

/** Prints an engine's figures; true when one is over budget or a plan reads something whole. */
export function printFigures(engine: string, results: Figures[], scanLabel = 'FULL SCAN'): boolean {
  let failed = false
  console.log(
    `\n${engine} (p50 / p95 in ms; budget p95 < ${BUDGET.oneP95} one at a time, < ${BUDGET.concurrentP95} at ` +
      `${CONCURRENCY} at once; load average ${loadAverage()}):`,
  )
  for (const r of results) {
    const over = r.one.p95 >= BUDGET.oneP95 || r.concurrent.p95 >= BUDGET.concurrentP95
    failed ||= over || r.scans.length > 0
    console.log(
      `  ${r.name.padEnd(30)} one ${r.one.p50.toFixed(1).padStart(6)} / ${r.one.p95.toFixed(1).padStart(6)}` +
        `   ${CONCURRENCY} at once ${r.concurrent.p50.toFixed(1).padStart(6)} / ` +
        `${r.concurrent.p95.toFixed(1).padStart(6)}${over ? '  ← OVER BUDGET' : ''}`,
    )
    for (const s of r.scans) console.log(`    ${scanLabel}: ${s.trim()}`)
  }
  return failed
}

/**
 * Runs `bench` on each engine, printing its figures as soon as it is done (the next one's seeding
 * takes minutes), then all of them again with the failures; exit code 1 on any.
 */
export async function benchEngines<E extends string>(
  engines: E[],
  bench: (engine: E) => Promise<Figures[]>,
  scanLabel?: string,
): Promise<void> {
  const all: Array<[string, Figures[]]> = []
  const failures: string[] = []
  for (const engine of engines) {
    try {
      const results = await bench(engine)
      printFigures(engine, results, scanLabel)
      all.push([engine, results])
    } catch (err) {
      failures.push(`${engine}: ${String(err)}`)
      console.error(`\n${engine} failed:`, err)
    }
  }
  console.log('\n== Summary')
  let failed = failures.length > 0
  for (const [engine, results] of all) failed = printFigures(engine, results, scanLabel) || failed
  for (const f of failures) console.log(`FAILED: ${f}`)
  console.log(`\nLoad average at the end: ${loadAverage()}`)
  if (failed) process.exitCode = 1
}
