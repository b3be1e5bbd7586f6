/**
 * What a database error means for the caller, for both engines. The services turn these into
 * answers (services/platform/http.ts errorResponse): a lost race on a unique index is a 409, a
 * value the engine cannot store is a 400, a database that is away is a 503, and serialization
 * failures and deadlocks are retried by the transaction helper (./transaction.ts) first.
 *
 * PostgreSQL errors carry a SQLSTATE `code` (https://www.postgresql.org/docs/current/errcodes-appendix.html);
 * better-sqlite3 errors carry codes such as SQLITE_CONSTRAINT_UNIQUE; node's socket errors carry
 * ECONNREFUSED and co.
 */
export type DbErrorKind = 'unique' | 'retry' | 'unavailable' | 'bad-value' | 'exists' | null

/** A schema change met what it creates already there (a half-applied migration). */
const EXISTS_SQLSTATES = new Set([
  '42P07', // duplicate_table (tables, indexes, sequences, views)
  '42701', // duplicate_column
  '42710', // duplicate_object (constraints, triggers, types)
  '42723', // duplicate_function
])

const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, failover)
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
])

// ESTORAGEUNAVAILABLE: the file store (services/platform/files.ts), answered like the database.
const UNAVAILABLE_NODE_CODES = new Set([
  'ESTORAGEUNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** pg's own messages when a connection is gone (no SQLSTATE on these). */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /connection error and is not queryable/i,
  /timeout exceeded when trying to connect/i,
  /Client was closed and is not queryable/i,
  /terminating connection/i,
]

export function dbErrorKind(err: unknown): DbErrorKind {
  if (!err || typeof err !== 'object') return null
  const code = typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : ''
  const message = typeof (err as { message?: unknown }).message === 'string' ? (err as { message: string }).message : ''
  // PostgreSQL
  if (code === '23505') return 'unique'
  if (code === '40001' || code === '40P01') return 'retry'
  if (UNAVAILABLE_SQLSTATES.has(code)) return 'unavailable'
  // Class 22 (data exception): a NUL byte in text, a number out of an integer's range, …
  if (/^22[0-9A-Z]{3}$/.test(code)) return 'bad-value'
  if (EXISTS_SQLSTATES.has(code)) return 'exists'
  // SQLite
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'unique'
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED') return 'retry'
  if (code === 'SQLITE_ERROR' && /already exists|duplicate column name/i.test(message)) return 'exists'
  // Sockets and pg's client
  if (UNAVAILABLE_NODE_CODES.has(code)) return 'unavailable'
  if (UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return 'unavailable'
  const cause = (err as { cause?: unknown }).cause
  return cause && cause !== err ? dbErrorKind(cause) : null
}

export const isUniqueViolation = (err: unknown) => dbErrorKind(err) === 'unique'
