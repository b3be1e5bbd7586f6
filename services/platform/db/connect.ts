import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, sql, SqliteAdapter, SqliteDialect, type DialectAdapter, type SqliteDatabase } from 'kysely'
import { LRUCache } from 'lru-cache'
import type Pg from 'pg'
import { log as logger } from '#services/platform/log'
import { observeQuery, watchPool } from '#services/platform/metrics'
import { dbErrorKind } from './errors'
import { CurrentSchemaPostgresDialect } from './introspector'
import { migrationProvider, type Dialect, type MigrationContext } from './migrations'
import type { Database } from './schema'
import { wordsStart } from './words'

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
  /** `application_name` of every connection (pg_stat_activity shows it; tests terminate by it). */
  applicationName?: string
  /** Where pool errors are reported (the process log by default). */
  log?: (line: string) => void
}

/** How long a request waits for a PostgreSQL connection before it answers 503. */
export const PG_CONNECT_TIMEOUT_MS = 5000

/**
 * What the planner takes a read of a page out of order to cost against one in order (PostgreSQL's
 * default is 4, for spinning disks): on SSD or a cached table they cost about the same. At 4 the
 * planner read all of a small table and sorted it rather than walk a search's newest-first index
 * (decision 66); every connection of the product sets it.
 */
export const PG_RANDOM_PAGE_COST = 1.1

/** pg is loaded only for PostgreSQL: the embedded product (SQLite) starts without it. */
const loadPg = () => createRequire(import.meta.url)('pg') as typeof Pg

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) {
    const pg = loadPg()
    const log = options.log ?? ((line: string) => logger.error(line))
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
      options: [
        ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : []),
        `-c random_page_cost=${PG_RANDOM_PAGE_COST}`,
      ].join(' '),
    })
    // A connection the server drops (pg_terminate_backend, a restart, a failover) is an 'error'
    // event: without listeners Node ends the process. Idle clients report through the pool; a
    // client a request holds reports on itself. Both are logged; the pool discards the broken
    // client and opens a new one for the next request, and the request in flight gets a 503.
    let reported = 0
    const report = (error: Error) => {
      if (Date.now() - reported < 5000) return
      reported = Date.now()
      log(`[db] postgres connection lost: ${error.message}`)
    }
    pool.on('error', report)
    pool.on('connect', (client) => client.on('error', report))
    // COUNT(*) and BIGINT come back as strings from pg; parse the ranges we use.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10))
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }), log: observeQuery })
    const unwatch = watchPool(pool)
    return {
      db,
      dialect: 'postgres',
      schema: options.pgSchema,
      destroy: () => {
        unwatch()
        return db.destroy()
      },
    }
  }
  const file = options.sqlitePath ?? ':memory:'
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // What a row held before an update or a delete is overwritten with zeros, not left in a free
  // part of a page: an erased account or a value encrypted in place (decision 80) leaves no copy
  // of the clear text in fleeters.db.
  sqlite.pragma('secure_delete = ON')
  // Reads map the file instead of a system call per page: a search walking an index reads a
  // posting row per entry (half the time at 1M postings, decision 64).
  sqlite.pragma('mmap_size = 1073741824')
  addSqlFunctions(sqlite)
  const dialect = new TransactionalDdlSqliteDialect({ database: withStatementCache(sqlite) })
  const db = new Kysely<Database>({ dialect, log: observeQuery })
  return { db, dialect: 'sqlite', destroy: () => db.destroy() }
}

/**
 * SQLite's DDL is transactional (CREATE, ALTER, DROP roll back like rows), but Kysely's SQLite
 * adapter says it is not, so its migrator would run migrations outside a transaction and a crash
 * in the middle would leave half a schema with no record of it. Saying so lets the migrator wrap
 * each migration and its record in one transaction, as it does on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter()
  }
}

/**
 * better-sqlite3 with its statements kept: Kysely's SQLite driver prepares every
 * query it runs, and a page asks the same few dozen SQL texts again and again (preparing was ~4 %
 * of a dashboard render). A statement is reused by its exact SQL; one still being iterated (a
 * streamed query) is not shared, a fresh one is prepared. SQLite re-prepares a kept statement by
 * itself when a migration changes the schema. Bounded, least recently used out first.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: 500 })
  return {
    close: () => {
      statements.clear()
      sqlite.close()
    },
    prepare: (sql: string) => {
      const kept = statements.get(sql)
      if (kept && !kept.busy) return kept
      const statement = sqlite.prepare(sql)
      if (!kept) statements.set(sql, statement)
      return statement
    },
  }
}

function migratorFor(handle: DatabaseHandle, context: MigrationContext = {}): Migrator {
  // The migrator looks its bookkeeping tables up by schema: name ours, or it may find another's.
  return new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect, context),
    // Migrations from parallel branches may land in any order; each is still applied once.
    allowUnorderedMigrations: true,
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  })
}

/**
 * Applies the pending migrations one at a time, each in its own transaction with its record: a
 * crash, a kill or a power cut during one leaves the schema of the migrations before it, and the
 * next start applies that migration again from the beginning.
 */
export async function migrateToLatest(handle: DatabaseHandle, context: MigrationContext = {}): Promise<void> {
  const migrator = migratorFor(handle, context)
  let applied = 0
  for (;;) {
    const { error, results } = await migrator.migrateUp()
    const failed = results?.find((r) => r.status === 'Error')
    if (error || failed) throw migrationError(failed?.migrationName, error)
    if (!results?.length) break
    applied += results.length
  }
  // A migration that rewrote rows (0024 encrypting RUTs and account numbers) leaves the values of
  // before in the write-ahead log until a checkpoint: emptied at once (secure_delete zeroes them in
  // the database file itself).
  if (applied && handle.dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db)
}

/** A migration's failure, in words an operator can act on. */
export class MigrationError extends Error {
  override name = 'MigrationError'
}

function migrationError(migration: string | undefined, error: unknown): MigrationError {
  const cause = error instanceof Error ? error.message : String(error)
  // What the migration creates is there, but the migration is not recorded: a version that ran
  // migrations outside a transaction stopped in the middle of this one.
  if (migration && dbErrorKind(error) === 'exists') {
    return new MigrationError(
      `La base de datos quedó a medio migrar en ${migration}: parte de esa migración ya está aplicada ` +
        `pero no quedó registrada («${cause}»). Pasa cuando una versión anterior de Fleeters se detuvo ` +
        'durante la migración (esta versión aplica cada migración en una transacción). Para recuperarla: ' +
        'si es una instalación nueva sin datos propios, detén el servidor, borra fleeters.db, ' +
        'fleeters.db-wal y fleeters.db-shm de DATA_DIR (o vacía la base de PostgreSQL) y vuelve a ' +
        'iniciar; si tiene datos, restaura el último respaldo o completa a mano lo que falta de esa ' +
        'migración y regístrala en la tabla kysely_migration.',
      { cause: error },
    )
  }
  return new MigrationError(`La migración ${migration ?? '(sin nombre)'} falló: ${cause}`, { cause: error })
}

/**
 * MIGRATE_ON_START=false: the deploy ran `npm run migrate` before starting the processes. A
 * process refuses to start on a database that lacks a migration it knows, rather than serving
 * errors.
 */
export async function assertMigrated(handle: DatabaseHandle): Promise<void> {
  const pending = (await migratorFor(handle).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name)
  if (pending.length) {
    throw new Error(
      `La base de datos no está al día (faltan ${pending.length} migraciones: ` +
        `${pending.join(', ')}). Ejecuta \`npm run migrate\`.`,
    )
  }
}

/** The SQL functions the product's statements call, on a SQLite connection of its own or a bench's. */
export function addSqlFunctions(sqlite: SQLite.Database) {
  // The text search's check on a row it reads through another index (decision 64).
  sqlite.function('fleeters_words_start', { deterministic: true }, (title, description, words) =>
    wordsStart(String(title), String(description), String(words)),
  )
}
