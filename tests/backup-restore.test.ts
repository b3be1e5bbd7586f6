import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackup } from '#services/platform/backup'
import { loadConfig } from '#services/platform/config'
import { openDatabase, type DatabaseHandle } from '#services/platform/db/connect'
import { createPlatform, type OpenPlatform, type Platform } from '#services/platform/platform'
import { memoryRateLimiter } from '#services/platform/rate-limit'
import { loadKeys } from '#services/platform/secrets'
import { recordConsents } from '#services/shared/consents'
import { pgAdmin } from '#services/testing/database'
import { startSession } from '#services/users/session-object'
import { ROOT, startServer, type ServerProcess } from './server-process'

/**
 * Decision 82: a backup taken while the product writes restores into a new DATA_DIR (and, on
 * PostgreSQL, a new database), and a real server process started on the restored data serves every
 * row acknowledged before the backup began, with its file decrypted: the database, the uploads and
 * the generated secrets all came back, and agree.
 */
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0
const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL && hasPgDump ? ['postgres'] : [])] as const
if (process.env.TEST_DATABASE_URL && !hasPgDump) console.warn('[backup-restore] PostgreSQL skipped: no pg_dump here')

const temporary: string[] = []
const databases: string[] = []
afterAll(async () => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true })
  for (const name of databases) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
})

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fleeters-${name}-`))
  temporary.push(dir)
  return dir
}

/** A database of its own on the test server (pg_dump and pg_restore work on whole databases). */
async function ownDatabase(): Promise<string> {
  const name = `fleeters_backup_${randomBytes(6).toString('hex')}`
  await pgAdmin((c) => c.query(`CREATE DATABASE ${name}`))
  databases.push(name)
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  return url.toString()
}

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

interface Written {
  id: number
  sha256: string
}

/** A driver's document as the upload route stores it: the file first (sealed), then its row. */
async function writeDocument(p: Platform, userId: number, n: number): Promise<Written> {
  const bytes = new Uint8Array(randomBytes(1000 + ((n * 37) % 3000)))
  const key = await p.files.put('documents', bytes, 'pdf')
  const row = await p.db
    .insertInto('user_files')
    .values({
      user_id: userId,
      purpose_name: 'cedula_identidad_frontal',
      file_status: 'PENDING',
      storage_key: key,
      mime_type: 'application/pdf',
      size_bytes: bytes.byteLength,
      original_name: `cedula-${n}.pdf`,
      rejection_reason: null,
      created_at: new Date().toISOString(),
      reviewed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, sha256: digest(bytes) }
}

async function driver(p: Platform) {
  const now = new Date().toISOString()
  const user = await p.db
    .insertInto('users')
    .values({
      role: 'User',
      email: `respaldo-${randomBytes(4).toString('hex')}@example.cl`,
      password_hash: 'x',
      firstname: 'Camila',
      lastname: 'Pérez',
      rut: null,
      phone: null,
      address: 'Av. Siempre Viva 742',
      about_me: null,
      img_profile: null,
      email_verified: 1,
      accepted_terms_at: now,
      created_at: now,
      updated_at: now,
      staff_role: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await recordConsents(p.db, user.id, now, null)
  return user
}

describe.each(engines)('backup while writing, restore, serve (%s)', (engine) => {
  let source: OpenPlatform | undefined
  let server: ServerProcess | undefined
  let restoredDb: DatabaseHandle | undefined
  afterAll(async () => {
    await server?.stop()
    await restoredDb?.destroy()
    await source?.close()
  })

  it('every row acknowledged before the backup began is served from the restored data, decrypted', async () => {
    const sourceUrl = engine === 'postgres' ? await ownDatabase() : ''
    const dataDir = tempDir('backup-source')
    const backupDir = tempDir('backup-archives')
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: sourceUrl, BACKUP_DIR: backupDir, NODE_ENV: 'test' })
    source = await createPlatform(config, { limiter: memoryRateLimiter() })
    const user = await driver(source)

    // Writes go on, one after the other, from before the backup until after it.
    const acknowledged: Written[] = []
    let writing = true
    const writer = (async () => {
      for (let n = 0; writing; n++) acknowledged.push(await writeDocument(source!, user.id, n))
    })()
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10))
    const before = acknowledged.slice()
    const backup = await createBackup(config)
    const duringBackup = acknowledged.length - before.length
    while (acknowledged.length < before.length + duringBackup + 20) await new Promise((r) => setTimeout(r, 10))
    writing = false
    await writer
    expect(duringBackup, 'rows written while the backup ran').toBeGreaterThan(0)

    // Restored by the script, into a new DATA_DIR (and a new, empty database).
    const target = path.join(tempDir('backup-target'), 'data')
    const targetUrl = engine === 'postgres' ? await ownDatabase() : ''
    const restoreEnv = { ...process.env, DATA_DIR: target, DATABASE_URL: targetUrl }
    const args = ['--import', 'tsx', 'scripts/restore.ts', backup.file]
    const restoreScript = () => spawnSync(process.execPath, args, { cwd: ROOT, env: restoreEnv, encoding: 'utf8' })
    const restore = restoreScript()
    expect(restore.status, restore.stderr).toBe(0)
    expect(restore.stdout).toContain('restaurado')

    // A second restore into the now non-empty DATA_DIR is refused, exit code 2.
    const again = restoreScript()
    expect(again.status).toBe(2)
    expect(again.stderr).toMatch(/no está vacío/)

    server = await startServer({ DATABASE_URL: targetUrl }, { dataDir: target })
    const sqlitePath = path.join(target, 'fleeters.db')
    restoredDb = openDatabase({ url: targetUrl || undefined, sqlitePath, poolSize: 2 })
    // A session signed with the restored secret: the server accepts it only if that secret came back.
    const keys = loadKeys({ dataDir: target })
    const restored = { db: restoredDb.db, keys, now: () => new Date() } as unknown as Platform
    const token = await startSession(restored, user)

    const rows = await restoredDb.db.selectFrom('user_files').select('id').where('user_id', '=', user.id).execute()
    const ids = new Set(rows.map((r) => r.id))
    const missing = before.filter((w) => !ids.has(w.id))
    expect(missing, 'rows acknowledged before the backup, missing after the restore').toEqual([])
    expect(rows.length).toBe(backup.manifest.tables.user_files)

    // Every row of the restored database names a file that is there and opens: the acknowledged
    // ones with the very bytes written.
    const expected = new Map(acknowledged.map((w) => [w.id, w.sha256]))
    for (const { id } of rows) {
      const res = await fetch(`${server.url}/api/users/files/${id}`, { headers: { 'auth-user': token } })
      expect(res.status, `file of row ${id}`).toBe(200)
      expect(digest(new Uint8Array(await res.arrayBuffer())), `file of row ${id}`).toBe(expected.get(id))
    }
    console.info(
      `[backup ${engine}] ${before.length} rows before the backup, ${duringBackup} written during it, ` +
        `${rows.length} restored (${backup.manifest.files.count} files, ${backup.bytes} bytes archived); all served`,
    )
  }, 180_000)
})
