import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '#services/platform/db/connect'

export type EngineName = 'sqlite' | 'postgres'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: EngineName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

export type TestDatabase = DatabaseHandle & { dataDir: string }

/**
 * Where the run's migrated templates are (tests/setup/databases.ts makes them once per run):
 * a SQLite file, and a PostgreSQL database. Migrating from nothing takes 0.6 s on SQLite and
 * about 1 s on PostgreSQL; copying a template takes a few milliseconds on SQLite and ~60 ms on
 * PostgreSQL (CREATE DATABASE … TEMPLATE), and every service test opens a database of its own.
 */
export const TEMPLATE_ENV = { sqlite: 'FLEETERS_TEST_SQLITE_TEMPLATE', postgres: 'FLEETERS_TEST_PG_TEMPLATE' } as const

/** A name of this run's (TEST_SCHEMA_PREFIX, set by .ci/run) that .ci/run can drop after a crash. */
export function testName(kind: 't' | 'tpl'): string {
  const prefix = (process.env.TEST_SCHEMA_PREFIX ?? '').replace(/[^a-z0-9]/g, '')
  return `${kind}_${prefix}${randomBytes(6).toString('hex')}`
}

/** TEST_DATABASE_URL with another database name. */
export function pgUrlFor(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * A fresh, migrated database of one engine, removed by destroy(): a copy of the run's template
 * (a SQLite file, or a PostgreSQL database of its own), so suites run in parallel. The run made
 * the template from this code's migrations; a database without one is migrated here.
 *
 * `fromScratch` migrates an empty one instead, as a new installation does; on PostgreSQL in a
 * schema of its own in TEST_DATABASE_URL's database, beside the schemas of other suites.
 */
export async function openTestDatabase(
  engine: EngineName,
  { fromScratch = false }: { fromScratch?: boolean } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-test-'))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  const template = fromScratch ? undefined : process.env[TEMPLATE_ENV[engine]]
  if (engine === 'sqlite') {
    const file = path.join(dataDir, 'fleeters.db')
    if (template) fs.copyFileSync(template, file)
    const handle = openDatabase({ sqlitePath: file })
    if (!template) await migrateToLatest(handle)
    return { ...handle, dataDir, destroy: () => handle.destroy().finally(removeDir) }
  }
  if (template) {
    const database = testName('t')
    await pgAdmin((c) => c.query(`CREATE DATABASE ${database} TEMPLATE ${template}`))
    const handle = openDatabase({ url: pgUrlFor(database), poolSize: 4 })
    return {
      ...handle,
      dataDir,
      destroy: () =>
        handle
          .destroy()
          .then(() => pgAdmin(async (c) => void (await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))))
          .finally(removeDir),
    }
  }
  const schema = testName('t')
  await pgAdmin((c) => c.query(`CREATE SCHEMA ${schema}`))
  const handle = openDatabase({ url: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 4 })
  await migrateToLatest(handle)
  return {
    ...handle,
    dataDir,
    destroy: () =>
      handle
        .destroy()
        .then(() => pgAdmin(async (c) => void (await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`))))
        .finally(removeDir),
  }
}

/** Runs `work` on a connection of its own to TEST_DATABASE_URL (to create or drop a database, say). */
export async function pgAdmin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await c.connect()
  try {
    return await work(c)
  } finally {
    await c.end()
  }
}
