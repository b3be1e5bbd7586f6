import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator, sql, type Kysely } from 'kysely'
import pg from 'pg'
import { expect } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#services/platform/db/connect'
import { migrations, type Dialect } from '#services/platform/db/migrations'
import type { Platform } from '#services/platform/platform'
import { seedReferenceData } from '#services/platform/seed'

/**
 * A fresh database of the engine migrated up to, not including, the migration `name` (a temp
 * SQLite file, or a PostgreSQL schema of its own on TEST_DATABASE_URL): what a migration's test
 * runs it on, to check what it does to the rows already there.
 */
export async function databaseBefore(
  engine: Dialect,
  name: string,
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  const tag = name.slice(0, 4)
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fleeters-${tag}-`))
    handle = openDatabase({ sqlitePath: path.join(dir, 'fleeters.db') })
    cleanup = async () => {
      await handle.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  } else {
    const url = process.env.TEST_DATABASE_URL!
    const schema = `t_${tag}_${randomBytes(5).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    await admin.end()
    handle = openDatabase({ url, pgSchema: schema, poolSize: 2 })
    cleanup = async () => {
      await handle.destroy()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await c.end()
    }
  }
  await migrateWhile(handle, engine, (migration) => migration < name)
  return { handle, cleanup }
}

/** Applies the migrations up to and including `name` (the one a test is about), none after it. */
export async function migrateThrough(handle: DatabaseHandle, name: string): Promise<void> {
  await migrateWhile(handle, handle.dialect, (migration) => migration <= name)
}

async function migrateWhile(handle: DatabaseHandle, engine: Dialect, keep: (migration: string) => boolean) {
  const all = await migrations(engine)
  const chosen = Object.fromEntries(Object.entries(all).filter(([migration]) => keep(migration)))
  const { error } = await new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => chosen },
    allowUnorderedMigrations: true,
  }).migrateToLatest()
  expect(error).toBeUndefined()
}

/** The reference data, a company and three postings (two open: words with accents, plurals and stems; one closed). */
export async function addSearchPostings(db: Kysely<any>, dialect: Dialect) {
  await seedReferenceData({ db, dialect } as Platform)
  const now = '2026-01-01T00:00:00.000Z'
  const user = await sql<{
    id: number
  }>`INSERT INTO users (role, email, password_hash, firstname, lastname, email_verified, created_at, updated_at)
    VALUES ('business', 'empresa@b.cl', 'x', 'A', 'B', 1, ${now}, ${now}) RETURNING id`.execute(db)
  const company = await sql<{
    id: number
  }>`INSERT INTO companies (user_id, name, rut, contact_name, email, phone, verified, created_at)
    VALUES (${user.rows[0]!.id}, 'Andes', '76000000-0', 'Ana', 'empresa@b.cl', '22876543', 1, ${now})
    RETURNING id`.execute(db)
  const postings: Array<[string, string, string]> = [
    ['Despacho en camión refrigerado', 'Carga en Ñuñoa, turnos estables.', 'open'],
    ['Reparto de camiones', 'Distribución de pedidos en la comuna.', 'open'],
    ['Ruta en furgón', 'Reparto nocturno.', 'closed'],
  ]
  for (const [i, [title, description, status]] of postings.entries()) {
    const at = `2026-01-0${i + 1}T08:00:00.000Z`
    await sql`INSERT INTO job_postings (company_id, title, description, id_zone, id_region, id_commune, id_vehicle,
        id_schedule, start_date, pawn, payment_amount, payment_period, drivers_needed, status, created_at, updated_at)
      VALUES (${company.rows[0]!.id}, ${title}, ${description}, 2, 13000, 13101, 1, 1, '2026-03-02', 0, 45000,
        'por día', 2, ${status}, ${at}, ${at})`.execute(db)
  }
}

/** SQLite's schema as sqlite_master holds it: the statements of every table, index and trigger. */
export async function sqliteSchema(db: Kysely<any>) {
  return (await sql<{ sql: string | null }>`select sql from sqlite_master order by name`.execute(db)).rows
}

/**
 * A PostgreSQL-only migration leaves an SQLite database with search postings as it was: `name` run
 * on the database just before it changes no table, index nor trigger.
 */
export async function expectSqliteUnchangedBy(name: string) {
  const { handle, cleanup } = await databaseBefore('sqlite', name)
  try {
    await addSearchPostings(handle.db, 'sqlite')
    const before = await sqliteSchema(handle.db)
    await migrateThrough(handle, name)
    expect(await sqliteSchema(handle.db)).toEqual(before)
  } finally {
    await cleanup()
  }
}
