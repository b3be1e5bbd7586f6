import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect } from 'kysely'
import pg from 'pg'
import { CurrentSchemaPostgresDialect } from './introspector'
import { migrationProvider, type Dialect } from './migrations'
import type { Database } from './schema'

export type DB = Kysely<Database>

export interface DatabaseHandle {
  db: DB
  dialect: Dialect
  /** PostgreSQL schema in use, when not the default. */
  schema?: string
  destroy(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `sqlitePath`. */
  url?: string
  sqlitePath?: string
  /** PostgreSQL schema to use (tests isolate each suite in its own). */
  pgSchema?: string
  poolSize?: number
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    })
    // COUNT(*) and BIGINT come back as strings from pg; parse the ranges we use.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10))
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) })
    return { db, dialect: 'postgres', schema: options.pgSchema, destroy: () => db.destroy() }
  }
  const file = options.sqlitePath ?? ':memory:'
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
  return { db, dialect: 'sqlite', destroy: () => db.destroy() }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  // The migrator looks its bookkeeping tables up by schema: name ours, or it may find another's.
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    // Migrations from parallel branches may land in any order; each is still applied once.
    allowUnorderedMigrations: true,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`)
  }
}
