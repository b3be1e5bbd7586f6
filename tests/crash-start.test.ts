import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase, type DatabaseHandle } from '#services/platform/db/connect'
import type { Database } from '#services/platform/db/schema'
import { engines, pgAdmin, type EngineName } from '#services/testing/database'
import { startServer, type ServerProcess } from './server-process'

/**
 * A start killed in the middle of a migration or of the seed (SIGKILL, as a crash, an OOM kill or
 * a power cut would) must leave a database the next start completes: the schema of a clean
 * migration, every reference row, the whole demo or none of it. The server stops where the test
 * says (FLEETERS_PAUSE_AT, services/platform/pause-point.ts), inside the transaction.
 */
const url = process.env.TEST_DATABASE_URL

/** A database of the engine for one server's data: a folder, and on PostgreSQL a database of its own. */
async function freshDatabase(engine: EngineName) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-crash-'))
  if (engine === 'sqlite') {
    return {
      dataDir,
      env: { DATABASE_URL: '' },
      open: () => openDatabase({ sqlitePath: path.join(dataDir, 'fleeters.db') }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const database = `fleeters_crash_${randomBytes(6).toString('hex')}`
  await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`))
  const own = new URL(url!)
  own.pathname = `/${database}`
  return {
    dataDir,
    env: { DATABASE_URL: own.toString() },
    open: () => openDatabase({ url: own.toString(), poolSize: 2 }),
    drop: async () => {
      await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Every table, column, index, trigger and recorded migration, as text to compare. */
async function schemaOf(handle: DatabaseHandle): Promise<string[]> {
  const db = handle.db as unknown as Kysely<Record<string, never>>
  const migrations = (
    await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
  ).rows.map((r) => `migration ${r.name}`)
  if (handle.dialect === 'sqlite') {
    const objects = await sql<{ type: string; name: string; sql: string | null }>`
      SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(db)
    return [...objects.rows.map((o) => `${o.type} ${o.name}: ${o.sql ?? ''}`), ...migrations]
  }
  const columns = await sql<{ t: string; c: string; type: string; nullable: string; def: string | null }>`
    SELECT table_name AS t, column_name AS c, data_type AS type, is_nullable AS nullable, column_default AS def
    FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, column_name`.execute(db)
  const indexes = await sql<{
    def: string
  }>`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`.execute(db)
  const triggers = await sql<{ t: string; name: string; event: string }>`
    SELECT event_object_table AS t, trigger_name AS name, event_manipulation AS event
    FROM information_schema.triggers WHERE trigger_schema = current_schema() ORDER BY 1, 2, 3`.execute(db)
  return [
    ...columns.rows.map((r) => `column ${r.t}.${r.c} ${r.type} ${r.nullable} ${r.def ?? ''}`),
    ...indexes.rows.map((r) => `index ${r.def}`),
    ...triggers.rows.map((r) => `trigger ${r.t}.${r.name} ${r.event}`),
    ...migrations,
  ]
}

async function count(
  db: Kysely<Database>,
  table: 'users' | 'job_postings' | 'user_files' | 'communes' | 'faqs' | 'statistics',
) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function kill(server: ServerProcess) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGKILL')
  await exited
}

const POINTS = [
  'migration:0001_foundation',
  'migration:0016_posting_words',
  'migration:0023_retention',
  'seed:reference',
  'seed:demo',
]

describe.each(engines)('a start killed midway on %s', (engine) => {
  let clean: string[] = []
  let cleanCounts: Record<string, number> = {}

  it('a clean start: the schema and the seed to compare with', async () => {
    const target = await freshDatabase(engine)
    try {
      const handle = target.open()
      await migrateToLatest(handle)
      clean = await schemaOf(handle)
      await handle.destroy()
      const server = await startServer({ ...target.env, SEED_DEMO: 'always' }, { dataDir: target.dataDir })
      await server.stop()
      const after = target.open()
      cleanCounts = await countsOf(after.db)
      expect(await schemaOf(after)).toEqual(clean)
      await after.destroy()
      expect(cleanCounts.users).toBeGreaterThan(0)
    } finally {
      await target.drop()
    }
  }, 120_000)

  it.each(POINTS)(
    'killed at %s: the next start completes it, as a clean start would',
    async (point) => {
      expect(clean.length).toBeGreaterThan(0)
      const target = await freshDatabase(engine)
      try {
        const env = { ...target.env, SEED_DEMO: 'always' }
        const paused = await startServer(
          { ...env, FLEETERS_PAUSE_AT: point },
          { dataDir: target.dataDir, ready: new RegExp(`paused at ${point}`) },
        )
        await kill(paused)

        const server = await startServer(env, { dataDir: target.dataDir })
        expect(server.output()).not.toMatch(/a medio migrar|Error/)
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
        await server.stop()

        const handle = target.open()
        try {
          expect(await schemaOf(handle)).toEqual(clean)
          expect(await countsOf(handle.db)).toEqual(cleanCounts)
          // Every file a row names is in the store (files written before a killed seed may be left
          // over, unnamed; never a row without its file).
          const keys = await handle.db.selectFrom('user_files').select('storage_key').execute()
          for (const { storage_key } of keys)
            expect(fs.existsSync(path.join(target.dataDir, 'uploads', storage_key))).toBe(true)
        } finally {
          await handle.destroy()
        }
      } finally {
        await target.drop()
      }
    },
    120_000,
  )

  it('a database half-migrated by an older version: a clear message naming the migration, no stack trace', async () => {
    const target = await freshDatabase(engine)
    try {
      // What an older version left when it died in 0001: a table created, the migration unrecorded.
      const handle = target.open()
      await sql`CREATE TABLE users (id INTEGER PRIMARY KEY)`.execute(handle.db)
      await handle.destroy()
      const failed = await startServer(target.env, { dataDir: target.dataDir }).then(
        (s) => s.stop().then(() => null),
        (error: Error) => error.message,
      )
      expect(failed).toMatch(/server exited with 1/)
      expect(failed).toMatch(/La base de datos quedó a medio migrar en 0001_foundation/)
      expect(failed).toMatch(/fleeters\.db/)
      expect(failed).not.toMatch(/\n\s+at .+:\d+:\d+/)
    } finally {
      await target.drop()
    }
  }, 60_000)
})

async function countsOf(db: Kysely<Database>) {
  return {
    users: await count(db, 'users'),
    job_postings: await count(db, 'job_postings'),
    user_files: await count(db, 'user_files'),
    communes: await count(db, 'communes'),
    faqs: await count(db, 'faqs'),
    statistics: await count(db, 'statistics'),
  }
}
