import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '#services/platform/db/connect'

export type EngineName = 'sqlite' | 'postgres'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: EngineName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/**
 * A fresh, migrated database of one engine: a temporary SQLite file, or a PostgreSQL schema of
 * its own so suites can run in parallel against one server. destroy() removes it.
 */
export async function openTestDatabase(engine: EngineName): Promise<DatabaseHandle & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-test-'))
  if (engine === 'sqlite') {
    const handle = openDatabase({ sqlitePath: path.join(dataDir, 'fleeters.db') })
    await migrateToLatest(handle)
    return {
      ...handle,
      dataDir,
      destroy: async () => {
        await handle.destroy()
        fs.rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const url = process.env.TEST_DATABASE_URL!
  // A run may name its schemas (TEST_SCHEMA_PREFIX, set by .ci/run) so it can drop whatever a
  // crashed suite left behind without touching another run's.
  const prefix = (process.env.TEST_SCHEMA_PREFIX ?? '').replace(/[^a-z0-9]/g, '')
  const schema = `t_${prefix}${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const handle = openDatabase({ url, pgSchema: schema, poolSize: 4 })
  await migrateToLatest(handle)
  return {
    ...handle,
    dataDir,
    destroy: async () => {
      await handle.destroy()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await c.end()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
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
