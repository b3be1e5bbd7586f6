/**
 * Backups that restore (decision 82): `npm run backup` writes one .tar.gz of a consistent snapshot,
 * `npm run restore -- <archive>` puts it back into an empty DATA_DIR, and the embedded default
 * makes one a day into BACKUP_DIR, keeping 7 daily and 4 weekly.
 *
 * An archive holds `manifest.json` first (format, schema version, time, engine, row counts of the
 * main tables, file count and bytes, the size and SHA-256 of every other entry), then:
 * - `database/fleeters.db`: SQLite copied through its online backup API while the product keeps
 *   writing (a file copy of a WAL database may be torn), or `database/fleeters.dump`:
 *   `pg_dump --format=custom` of the snapshot the row counts were read in;
 * - `uploads/…`: the local files as stored (sealed; file-crypto.ts);
 * - `secrets/…`: what the embedded default generates into DATA_DIR (`.session-secret`,
 *   `.data-keys`): without `.data-keys` no restored file opens;
 * - `storage/s3-objects.jsonl` with S3_BUCKET: the bucket's keys, sizes, ETags and versions (not
 *   the objects, which the bucket's own versioning keeps), so a restore can check them.
 *
 * A file is stored before its row is written and removed only after its row stopped naming it.
 * The files are hard-linked into a staging folder before the database is copied (a link keeps a
 * file the product removes meanwhile) and again right after, for the files stored during the
 * copy: every file a snapshot's row names is in the archive, short of one stored during the copy
 * and removed again before the second pass. The archive is written under a temporary name and
 * renamed when whole: BACKUP_DIR never holds half an archive under a backup's name.
 */
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import type Pg from 'pg'
import { create as createTar, extract as extractTar } from 'tar'
import type { Config } from './config'
import { GENERATED_KEYS_FILE } from './file-crypto'
import type { Platform } from './platform'

export const BACKUP_FORMAT = 1
/** The tables whose row counts the manifest records and a restore compares. */
const PEOPLE_TABLES = ['users', 'sessions', 'companies', 'simple_powers']
const WORK_TABLES = ['job_postings', 'applications', 'user_files', 'outbox']
export const MAIN_TABLES: readonly string[] = [...PEOPLE_TABLES, ...WORK_TABLES]
/** What secrets.ts and file-crypto.ts generate into DATA_DIR when their variables are not set. */
export const SECRET_FILES = ['.session-secret', GENERATED_KEYS_FILE] as const
const SQLITE_FILE = 'fleeters.db'
const PG_DUMP_FILE = 'fleeters.dump'
const NAME = /^fleeters-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/
const DAY_MS = 24 * 60 * 60 * 1000
/** The daily backup is due from this hour (UTC): 03:00 or 04:00 in Chile, when few people work. */
export const BACKUP_HOUR_UTC = 7
/** What a crashed backup left is removed by the next one once this old. */
const STALE_MS = DAY_MS

export interface BackupManifest {
  format: number
  /** The last migration applied: the archive restores into this version of Fleeters or a later one. */
  schema: string | null
  createdAt: string
  engine: 'sqlite' | 'postgres'
  storage: 'local' | 's3'
  tables: Record<string, number>
  /** The uploads in the archive (local storage) or the objects listed (S3). */
  files: { count: number; bytes: number }
  /** The generated secrets in the archive (none when SESSION_SECRET and DATA_ENCRYPTION_KEY are set). */
  secrets: string[]
  /** Every entry of the archive but the manifest, with its size and SHA-256. */
  entries: Record<string, { bytes: number; sha256: string }>
}

export interface BackupFile {
  file: string
  bytes: number
  createdAt: Date
}

/** An operator's mistake or a failed check, in a sentence; `exitCode` is what the script exits with. */
export class BackupError extends Error {
  override name = 'BackupError'
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message)
  }
}

/** Programs the PostgreSQL path runs (tests name a missing one). */
export interface PgTools {
  pgDump?: string
  pgRestore?: string
}

/** BACKUP_DIR, or `backups` beside DATA_DIR (./backups for the default ./data). */
export function backupDirOf(config: Pick<Config, 'BACKUP_DIR' | 'dataDir'>): string {
  return config.BACKUP_DIR ? path.resolve(config.BACKUP_DIR) : path.resolve(config.dataDir, '..', 'backups')
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

export function backupName(at: Date): string {
  const iso = at.toISOString()
  return `fleeters-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}Z.tar.gz`
}

/** The archives in `dir`, newest first; the time is the one in each name (UTC). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  let names: string[]
  try {
    names = await fsp.readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const found: BackupFile[] = []
  for (const name of names) {
    const m = NAME.exec(name)
    if (!m) continue
    const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number]
    const createdAt = new Date(Date.UTC(y, mo - 1, d, h, mi, s))
    try {
      const stat = await fsp.stat(path.join(dir, name))
      found.push({ file: path.join(dir, name), bytes: stat.size, createdAt })
    } catch {
      // Removed by a pruning run in between.
    }
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
}

/** The newest archive in `dir` (the console shows it and its size), or null. */
export async function latestBackup(dir: string): Promise<BackupFile | null> {
  return (await listBackups(dir))[0] ?? null
}

const dayKey = (at: Date) => at.toISOString().slice(0, 10)
/** The Monday (UTC) of the ISO week `at` falls in. */
const weekKey = (at: Date) => dayKey(new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS))

/**
 * Which archives retention removes: kept are the newest of each of the 7 latest days that have
 * one, and the newest of each of the 4 latest weeks (Monday to Sunday, UTC) that have one. Counted
 * over the archives there are, not back from today: a job that stopped for a month leaves its
 * last backups in place.
 */
export function backupsToPrune(backups: BackupFile[], keep = { daily: 7, weekly: 4 }): BackupFile[] {
  const newest = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const kept = new Set<BackupFile>()
  for (const [key, count] of [
    [dayKey, keep.daily],
    [weekKey, keep.weekly],
  ] as const) {
    const seen = new Set<string>()
    for (const backup of newest) {
      const k = key(backup.createdAt)
      if (seen.has(k)) continue
      if (seen.size >= count) break
      seen.add(k)
      kept.add(backup)
    }
  }
  return newest.filter((b) => !kept.has(b))
}

/** Removes what backupsToPrune names; returns the files removed. */
export async function pruneBackups(dir: string, keep?: { daily: number; weekly: number }): Promise<string[]> {
  const gone = backupsToPrune(await listBackups(dir), keep)
  for (const backup of gone) await fsp.rm(backup.file, { force: true })
  return gone.map((b) => b.file)
}

async function sha256(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer)
    bytes += (chunk as Buffer).length
  }
  return { bytes, sha256: hash.digest('hex') }
}

/** Every regular file under `root`, as paths relative to it ('/'-separated). */
async function filesUnder(root: string): Promise<string[]> {
  let entries: fs.Dirent[]
  try {
    entries = await fsp.readdir(root, { withFileTypes: true, recursive: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const relative = (e: fs.Dirent) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')
  return entries.filter((e) => e.isFile()).map(relative)
}

/**
 * Links each file of `from` not yet in `to` (a copy where a link cannot be made). A file removed
 * in between is skipped; `.tmp` files are writes in progress (files.ts replace()).
 */
async function linkFiles(from: string, to: string): Promise<void> {
  for (const relative of await filesUnder(from)) {
    if (relative.endsWith('.tmp')) continue
    const target = path.join(to, relative)
    if (fs.existsSync(target)) continue
    await fsp.mkdir(path.dirname(target), { recursive: true })
    try {
      await fsp.link(path.join(from, relative), target)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') continue
      if (code !== 'EXDEV' && code !== 'EPERM') throw error
      await fsp.copyFile(path.join(from, relative), target).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e
      })
    }
  }
}

/** Runs a program to its end; its stderr becomes the error's text. A missing program says so. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv, missing: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(missing) : error)
    })
    child.on('close', (code) => {
      if (code === 0) resolve()
      else reject(new BackupError(`${path.basename(program)} terminó con código ${code}: ${stderr.trim()}`))
    })
  })
}

/** The URL without its password, which goes in PGPASSWORD (a command line is visible to every user). */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

const missingTool = (tool: string) =>
  `No se encontró ${tool}: el respaldo con DATABASE_URL lo necesita. Instala el cliente de PostgreSQL ` +
  `de la versión del servidor o una más nueva (Debian/Ubuntu: apt-get install postgresql-client) ` +
  `y vuelve a intentarlo. / ${tool} not found: install the PostgreSQL client tools.`

const loadPg = () => createRequire(import.meta.url)('pg') as typeof Pg

interface DatabaseFacts {
  tables: Record<string, number>
  schema: string | null
}

const COUNT = (table: string) => `select count(*) as n from ${table}`
const LAST_MIGRATION = 'select max(name) as name from kysely_migration'
const PG_HAS_TABLE = 'select 1 from information_schema.tables where table_schema = current_schema() and table_name = $1'

/** Row counts of the main tables and the last migration, through one engine's `count` and `has`. */
async function databaseFacts(
  count: (sql: string) => Promise<number>,
  has: (table: string) => Promise<boolean>,
  lastMigration: () => Promise<string | null>,
): Promise<DatabaseFacts> {
  const tables: Record<string, number> = {}
  for (const table of MAIN_TABLES) if (await has(table)) tables[table] = await count(COUNT(table))
  return { tables, schema: (await has('kysely_migration')) ? await lastMigration() : null }
}

/** Row counts, the last migration and SQLite's own check of a SQLite file. */
async function sqliteFacts(file: string): Promise<DatabaseFacts & { check: string }> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const facts = await databaseFacts(
      async (sql) => (db.prepare(sql).get() as { n: number }).n,
      async (t) => Boolean(db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(t)),
      async () => (db.prepare(LAST_MIGRATION).get() as { name: string | null }).name ?? null,
    )
    return { ...facts, check: (db.prepare('pragma quick_check').get() as { quick_check: string }).quick_check }
  } finally {
    db.close()
  }
}

/**
 * The online backup API: pages are copied a step at a time (1 MB, then back to the event loop)
 * while other connections write. A write from another connection restarts the copy: each restart
 * makes the steps 8 times larger, so a product that writes often ends with the rest copied in one
 * step (a read transaction of its own, which WAL lets the writers go on beside) and cannot keep the
 * copy restarting forever, while a quiet one is copied in small steps that leave requests served.
 */
async function snapshotSqlite(source: string, target: string): Promise<DatabaseFacts> {
  if (!fs.existsSync(source)) throw new BackupError(`No hay base de datos en ${source}: no hay nada que respaldar.`)
  const db = new SQLite(source, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    let lowest = Infinity
    let pages = 256
    await db.backup(target, {
      progress({ remainingPages }) {
        if (remainingPages > lowest) pages *= 8
        lowest = remainingPages
        return pages
      },
    })
  } finally {
    db.close()
  }
  // The copy keeps the source's WAL mode: made one file again, as the archive carries it.
  const copy = new SQLite(target, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
  } finally {
    copy.close()
  }
  const facts = await sqliteFacts(target)
  if (facts.check !== 'ok') throw new BackupError(`La copia no pasó la verificación de SQLite: ${facts.check}`)
  return facts
}

/**
 * pg_dump of the snapshot a transaction exported: the row counts of the manifest are read in that
 * same snapshot, so they are the dump's own.
 */
async function dumpPostgres(url: string, target: string, tools: PgTools): Promise<DatabaseFacts> {
  const pg = loadPg()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read read only')
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id
    const facts = await pgFacts(client)
    const { dbname, env } = pgConnection(url)
    const program = tools.pgDump ?? 'pg_dump'
    const args = ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`]
    args.push(`--file=${target}`, `--dbname=${dbname}`)
    await run(program, args, env, missingTool(program))
    await client.query('commit')
    return facts
  } finally {
    await client.end()
  }
}

function pgFacts(client: Pg.Client): Promise<DatabaseFacts> {
  return databaseFacts(
    async (sql) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n),
    async (table) => (await client.query(PG_HAS_TABLE, [table])).rowCount === 1,
    async () => (await client.query<{ name: string | null }>(LAST_MIGRATION)).rows[0]!.name ?? null,
  )
}

/** One line per object of the bucket: key, size, ETag, version (null where the bucket keeps none). */
async function listBucket(config: Config, target: string): Promise<{ count: number; bytes: number }> {
  const { listBucketObjects } = await import('./backup-s3')
  const out = fs.createWriteStream(target)
  let count = 0
  let bytes = 0
  try {
    for await (const object of listBucketObjects(config)) {
      count++
      bytes += object.size
      if (!out.write(`${JSON.stringify(object)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()))
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
  }
  return { count, bytes }
}

/**
 * What a backup that crashed left: its staging folder in DATA_DIR, its partial archive. By their
 * real age (the job's clock may be a test's), so a backup running beside this one keeps its own.
 */
async function removeStale(dataDir: string, backupDir: string): Promise<void> {
  const under = async (dir: string, keep: (name: string) => boolean) => {
    const names = await fsp.readdir(dir).catch(() => [] as string[])
    return names.filter(keep).map((n) => path.join(dir, n))
  }
  const staging = await under(dataDir, (n) => n.startsWith('.backup-staging-'))
  const partial = await under(backupDir, (n) => n.endsWith('.partial'))
  for (const leftover of [...staging, ...partial]) {
    const stat = await fsp.stat(leftover).catch(() => null)
    if (stat && Date.now() - stat.mtimeMs > STALE_MS) await fsp.rm(leftover, { recursive: true, force: true })
  }
}

export interface BackupOptions {
  /** The time in the archive's name and manifest (the daily job's clock). */
  now?: Date
  backupDir?: string
  tools?: PgTools
}

export interface BackupResult extends BackupFile {
  manifest: BackupManifest
}

/**
 * Writes one archive of DATA_DIR's database (or DATABASE_URL's), uploads and generated secrets into
 * `backupDir` (BACKUP_DIR by default) and returns it. Safe while the server runs and writes.
 */
export async function createBackup(config: Config, opts: BackupOptions = {}): Promise<BackupResult> {
  const now = opts.now ?? new Date()
  const dir = opts.backupDir ?? backupDirOf(config)
  if (isInside(dir, config.dataDir)) {
    const where = `BACKUP_DIR (${dir}) está dentro de DATA_DIR (${config.dataDir})`
    throw new BackupError(`${where}: elige una carpeta fuera de ella.`)
  }
  const final = path.join(dir, backupName(now))
  if (fs.existsSync(final)) throw new BackupError(`Ya existe un respaldo con esa hora: ${final}`)
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 })
  await fsp.mkdir(config.dataDir, { recursive: true, mode: 0o700 })
  await removeStale(config.dataDir, dir)
  // In DATA_DIR, so the uploads can be hard-linked (a link never crosses file systems).
  const staging = path.join(config.dataDir, `.backup-staging-${randomBytes(6).toString('hex')}`)
  await fsp.mkdir(path.join(staging, 'database'), { recursive: true, mode: 0o700 })
  const partial = `${final}.${randomBytes(6).toString('hex')}.partial`
  try {
    const uploads = path.join(config.dataDir, 'uploads')
    const local = !config.S3_BUCKET
    if (local) await linkFiles(uploads, path.join(staging, 'uploads'))
    const facts = config.DATABASE_URL
      ? await dumpPostgres(config.DATABASE_URL, path.join(staging, 'database', PG_DUMP_FILE), opts.tools ?? {})
      : await snapshotSqlite(path.join(config.dataDir, SQLITE_FILE), path.join(staging, 'database', SQLITE_FILE))
    let files = { count: 0, bytes: 0 }
    if (local) {
      await linkFiles(uploads, path.join(staging, 'uploads'))
    } else {
      await fsp.mkdir(path.join(staging, 'storage'))
      files = await listBucket(config, path.join(staging, 'storage', 's3-objects.jsonl'))
    }
    const secrets: string[] = []
    for (const name of SECRET_FILES) {
      const from = path.join(config.dataDir, name)
      if (!fs.existsSync(from)) continue
      await fsp.mkdir(path.join(staging, 'secrets'), { recursive: true })
      await fsp.copyFile(from, path.join(staging, 'secrets', name))
      secrets.push(name)
    }
    const entries: BackupManifest['entries'] = {}
    for (const relative of (await filesUnder(staging)).sort()) {
      entries[relative] = await sha256(path.join(staging, relative))
      if (local && relative.startsWith('uploads/')) {
        files.count++
        files.bytes += entries[relative].bytes
      }
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      schema: facts.schema,
      createdAt: now.toISOString(),
      engine: config.DATABASE_URL ? 'postgres' : 'sqlite',
      storage: local ? 'local' : 's3',
      tables: facts.tables,
      files,
      secrets,
      entries,
    }
    await fsp.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
    // The manifest first, so a reader finds it without reading the whole archive.
    const top = (await fsp.readdir(staging)).filter((n) => n !== 'manifest.json').sort()
    // Read and compressed 1 MB at a time: gzip runs on this thread, and a server making its daily
    // backup keeps answering between the pieces.
    const options = { gzip: true, cwd: staging, file: partial, portable: true, maxReadSize: 1 << 20 }
    await createTar(options, ['manifest.json', ...top])
    const handle = await fsp.open(partial, 'r')
    await handle.sync()
    await handle.close()
    await fsp.rename(partial, final)
    const { size } = await fsp.stat(final)
    // The time the name carries (whole seconds), as listBackups reads it back.
    const createdAt = new Date(Math.floor(now.getTime() / 1000) * 1000)
    return { file: final, bytes: size, createdAt, manifest }
  } finally {
    await fsp.rm(partial, { force: true })
    await fsp.rm(staging, { recursive: true, force: true })
  }
}

export interface RestoreOptions {
  tools?: PgTools
}

export interface RestoreResult {
  manifest: BackupManifest
  /** With S3 storage: the objects the archive lists that the bucket no longer has (or has changed). */
  missingObjects: string[]
}

/** The manifest of an archive, read from its first entry. */
export async function readManifest(archive: string): Promise<BackupManifest> {
  let text: string | null = null
  const { list } = await import('tar')
  await list({
    file: archive,
    filter: (p) => p === 'manifest.json',
    onReadEntry: (entry) => {
      const chunks: Buffer[] = []
      entry.on('data', (c: Buffer) => chunks.push(c))
      entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')))
    },
  })
  if (text === null) throw new BackupError(`${archive} no es un respaldo de Fleeters (no tiene manifest.json).`)
  return JSON.parse(text) as BackupManifest
}

/**
 * Puts an archive back: into an empty DATA_DIR only (anything else is refused with exit code 2,
 * so no data is overwritten), and with DATABASE_URL into an empty database through pg_restore.
 * Every entry is checked against the manifest's SHA-256 before anything is put in place; a failed
 * check leaves DATA_DIR empty as it was.
 */
export async function restoreBackup(archive: string, config: Config, opts: RestoreOptions = {}) {
  if (!fs.existsSync(archive)) throw new BackupError(`No existe el archivo ${archive}.`, 2)
  const target = config.dataDir
  const present = (await fsp.readdir(target).catch(() => [] as string[])).filter((n) => n !== 'lost+found')
  if (present.length) {
    const shown = `${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}`
    const why = 'restaura en una carpeta vacía, para no mezclar ni sobrescribir datos.'
    const how = 'Detén el servidor y mueve esa carpeta a otro lugar, o usa otra DATA_DIR.'
    throw new BackupError(`DATA_DIR (${target}) no está vacío (${shown}): ${why} ${how}`, 2)
  }
  await fsp.mkdir(target, { recursive: true, mode: 0o700 })
  const staging = path.join(target, `.restore-${randomBytes(6).toString('hex')}`)
  await fsp.mkdir(staging, { mode: 0o700 })
  let placed = false
  try {
    await extractTar({ file: archive, cwd: staging, strict: true, preservePaths: false }).catch((error: Error) => {
      throw new BackupError(`No se pudo leer el respaldo ${archive}: ${error.message}`)
    })
    const manifest = await manifestIn(staging, archive)
    await verifyEntries(staging, manifest)
    const inStaging = (...parts: string[]) => path.join(staging, ...parts)
    const tables = await restoreDatabase(manifest, config, inStaging('database'), opts.tools ?? {})
    for (const [table, count] of Object.entries(manifest.tables)) {
      if (tables[table] === count) continue
      throw new BackupError(`La tabla ${table} quedó con ${tables[table] ?? 0} filas; el respaldo dice ${count}.`)
    }
    placed = true
    const database = inStaging('database', SQLITE_FILE)
    if (manifest.engine === 'sqlite') await fsp.rename(database, path.join(target, SQLITE_FILE))
    for (const name of manifest.secrets) await fsp.rename(inStaging('secrets', name), path.join(target, name))
    if (fs.existsSync(inStaging('uploads'))) await fsp.rename(inStaging('uploads'), path.join(target, 'uploads'))
    const listing = inStaging('storage', 's3-objects.jsonl')
    const missingObjects = manifest.storage === 's3' ? await checkBucket(config, listing) : []
    const result: RestoreResult = { manifest, missingObjects }
    return result
  } catch (error) {
    // DATA_DIR was empty: leave it so, rather than half a restore a server would start on.
    if (placed) await emptyFolder(target)
    throw error
  } finally {
    await fsp.rm(staging, { recursive: true, force: true })
  }
}

async function emptyFolder(dir: string): Promise<void> {
  for (const name of await fsp.readdir(dir)) await fsp.rm(path.join(dir, name), { recursive: true, force: true })
}

async function manifestIn(staging: string, archive: string): Promise<BackupManifest> {
  const file = path.join(staging, 'manifest.json')
  if (!fs.existsSync(file)) throw new BackupError(`${archive} no es un respaldo de Fleeters (no tiene manifest.json).`)
  const manifest = JSON.parse(await fsp.readFile(file, 'utf8')) as BackupManifest
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`Formato de respaldo ${manifest.format} desconocido (esta versión lee el ${BACKUP_FORMAT}).`)
  }
  return manifest
}

/** The archive's database checked (SQLite) or loaded (PostgreSQL); its row counts. */
async function restoreDatabase(manifest: BackupManifest, config: Config, folder: string, tools: PgTools) {
  if (manifest.engine === 'postgres') {
    if (!config.DATABASE_URL) throw new BackupError('Este respaldo es de PostgreSQL: define DATABASE_URL.')
    return restorePostgres(config.DATABASE_URL, path.join(folder, PG_DUMP_FILE), tools)
  }
  if (config.DATABASE_URL) throw new BackupError('Este respaldo es de SQLite (el modo integrado): quita DATABASE_URL.')
  const facts = await sqliteFacts(path.join(folder, SQLITE_FILE))
  if (facts.check !== 'ok') throw new BackupError(`La base no pasó la verificación de SQLite: ${facts.check}`)
  return facts.tables
}

async function verifyEntries(root: string, manifest: BackupManifest): Promise<void> {
  const found = new Set((await filesUnder(root)).filter((f) => f !== 'manifest.json'))
  const problems: string[] = []
  for (const [name, expected] of Object.entries(manifest.entries)) {
    if (!found.delete(name)) {
      problems.push(`falta ${name}`)
      continue
    }
    const actual = await sha256(path.join(root, name))
    const same = actual.sha256 === expected.sha256 && actual.bytes === expected.bytes
    if (!same) problems.push(`${name} no coincide con su suma de verificación`)
  }
  for (const name of found) problems.push(`${name} no está en el manifiesto`)
  if (problems.length) {
    const shown = `${problems.slice(0, 10).join('; ')}${problems.length > 10 ? '; …' : ''}`
    throw new BackupError(`El respaldo está dañado o incompleto (${problems.length} problemas): ${shown}`)
  }
}

const PG_TABLES = `select table_name from information_schema.tables
  where table_schema = current_schema() and table_type = 'BASE TABLE' limit 5`

async function restorePostgres(url: string, dump: string, tools: PgTools): Promise<Record<string, number>> {
  const pg = loadPg()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const taken = await client.query<{ table_name: string }>(PG_TABLES)
    if (taken.rowCount) {
      const names = taken.rows.map((r) => r.table_name).join(', ')
      throw new BackupError(`La base de DATABASE_URL no está vacía (${names}, …): restaura en una base nueva.`, 2)
    }
    const { dbname, env } = pgConnection(url)
    const program = tools.pgRestore ?? 'pg_restore'
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction']
    args.push(`--dbname=${dbname}`, dump)
    await run(program, args, env, missingTool(program))
    return (await pgFacts(client)).tables
  } finally {
    await client.end()
  }
}

async function checkBucket(config: Config, listing: string): Promise<string[]> {
  if (!config.S3_BUCKET) return []
  const { listBucketObjects } = await import('./backup-s3')
  const now = new Map<string, string>()
  for await (const object of listBucketObjects(config)) now.set(object.key, object.etag)
  const missing: string[] = []
  const lines = (await fsp.readFile(listing, 'utf8')).split('\n').filter(Boolean)
  for (const line of lines) {
    const object = JSON.parse(line) as { key: string; etag: string }
    if (now.get(object.key) !== object.etag) missing.push(object.key)
  }
  return missing
}

/** A backup is due once a day, from BACKUP_HOUR_UTC, or at once when the last is a day old. */
export function backupDue(latest: BackupFile | null, now: Date): boolean {
  if (!latest) return true
  if (dayKey(latest.createdAt) === dayKey(now)) return false
  return now.getUTCHours() >= BACKUP_HOUR_UTC || now.getTime() - latest.createdAt.getTime() >= DAY_MS
}

export interface ScheduledRun {
  made: BackupFile | null
  pruned: string[]
}

/** One tick of the daily job: a backup when one is due, then retention (only after a backup that worked). */
export async function runScheduledBackup(config: Config, now: Date): Promise<ScheduledRun> {
  const dir = backupDirOf(config)
  if (!backupDue(await latestBackup(dir), now)) return { made: null, pruned: [] }
  const made = await createBackup(config, { now, backupDir: dir })
  return { made, pruned: await pruneBackups(dir) }
}

/**
 * The embedded default's daily backup (SQLite), one run of the job the scheduler checks hourly
 * (services/jobs.ts): its line for the logs, or null when none was due. Not with DATABASE_URL, where
 * the database is shared: there the provider's backups or a cron of `npm run backup` on one machine
 * do it (docs/deploy.md); nor with BACKUP_DAILY=false.
 */
export async function dailyBackup(
  platform: Pick<Platform, 'dialect'>,
  config: Config,
  now: Date,
): Promise<string | null> {
  if (platform.dialect !== 'sqlite' || !config.BACKUP_DAILY) return null
  const run = await runScheduledBackup(config, now)
  if (!run.made) return null
  const pruned = run.pruned.length ? `; ${run.pruned.length} respaldos antiguos eliminados` : ''
  return `${run.made.file} (${run.made.bytes} bytes)${pruned}`
}
