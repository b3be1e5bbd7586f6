import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { create as createTar, extract as extractTar } from 'tar'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '#services/testing/database'
import {
  backupDue,
  backupDirOf,
  backupsToPrune,
  BackupError,
  createBackup,
  latestBackup,
  listBackups,
  readManifest,
  restoreBackup,
  runScheduledBackup,
  dailyBackup,
  type BackupFile,
} from './backup'
import { loadConfig, type Config } from './config'
import { createRawFileStore, type Platform } from './platform'

const temporary: string[] = []
function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fleeters-${name}-`))
  temporary.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true })
})

/** A migrated SQLite DATA_DIR with one upload and the generated secrets, and a BACKUP_DIR beside it. */
async function embedded(env: Record<string, string> = {}): Promise<{ config: Config; close(): Promise<void> }> {
  const handle = await openTestDatabase('sqlite')
  temporary.push(handle.dataDir)
  fs.mkdirSync(path.join(handle.dataDir, 'uploads', 'documents'), { recursive: true })
  fs.writeFileSync(path.join(handle.dataDir, 'uploads', 'documents', `${'a'.repeat(24)}.pdf`), randomBytes(3000))
  fs.writeFileSync(path.join(handle.dataDir, '.session-secret'), randomBytes(48).toString('base64url'))
  fs.writeFileSync(path.join(handle.dataDir, '.data-keys'), `${randomBytes(32).toString('base64url')}\n`)
  const config = loadConfig({ DATA_DIR: handle.dataDir, BACKUP_DIR: tempDir('backups'), NODE_ENV: 'test', ...env })
  return { config, close: () => handle.destroy() }
}

const day = (iso: string): BackupFile => ({ file: `/b/${iso}`, bytes: 1, createdAt: new Date(iso) })

describe('retention: 7 daily and 4 weekly', () => {
  it('the daily job under an injected clock: a backup a day from 07:00 UTC, 9 kept after 59 days', async () => {
    const { config, close } = await embedded()
    try {
      const made: string[] = []
      // Every 6 hours from Thursday 1 January 2026, 10:00 UTC, to Saturday 28 February.
      const end = Date.parse('2026-02-28T23:59:59Z')
      for (let at = Date.parse('2026-01-01T10:00:00Z'); at <= end; at += 6 * 60 * 60 * 1000) {
        const run = await runScheduledBackup(config, new Date(at))
        if (run.made) made.push(run.made.createdAt.toISOString())
      }
      expect(made).toHaveLength(59)
      expect(made.every((iso) => iso.endsWith('T10:00:00.000Z'))).toBe(true)
      const kept = (await listBackups(backupDirOf(config))).map((b) => b.createdAt.toISOString().slice(0, 10))
      // Daily: the 7 latest days. Weekly (Monday to Sunday): the newest of the weeks of 23, 16, 9 and 2 February.
      const february = ['28', '27', '26', '25', '24', '23', '22', '15', '08']
      expect(kept).toEqual(february.map((d) => `2026-02-${d}`))
      expect((await latestBackup(backupDirOf(config)))?.createdAt.toISOString()).toBe('2026-02-28T10:00:00.000Z')
    } finally {
      await close()
    }
  }, 120_000)

  it('counts the archives there are, not days back from today: a job stopped for a month keeps its last ones', () => {
    // A backup each day from 1 to 20 January 2026, then none (the pruning runs weeks later).
    const all = Array.from({ length: 20 }, (_, i) => day(`2026-01-${String(i + 1).padStart(2, '0')}T10:00:00Z`))
    const gone = new Set(backupsToPrune(all))
    const kept = all.filter((b) => !gone.has(b)).map((b) => b.createdAt.toISOString().slice(8, 10))
    // Daily: 14 … 20. Weekly: 20 (week of 19 January), 18 (of 12), 11 (of 5), 4 (of 29 December).
    expect(kept).toEqual(['04', '11', '14', '15', '16', '17', '18', '19', '20'])
  })

  it('keeps the newest of a day when there are several (a manual backup and the daily one)', () => {
    const gone = backupsToPrune([day('2026-03-02T10:00:00Z'), day('2026-03-02T18:30:00Z'), day('2026-03-01T10:00:00Z')])
    expect(gone.map((b) => b.createdAt.toISOString())).toEqual(['2026-03-02T10:00:00.000Z'])
  })

  it('a backup is due from 07:00 UTC when none was made that day, or at once when the last is a day old', () => {
    const latest = day('2026-03-01T10:00:00Z')
    expect(backupDue(null, new Date('2026-03-01T03:00:00Z'))).toBe(true)
    expect(backupDue(latest, new Date('2026-03-01T23:00:00Z'))).toBe(false)
    expect(backupDue(latest, new Date('2026-03-02T06:00:00Z'))).toBe(false)
    expect(backupDue(latest, new Date('2026-03-02T07:00:00Z'))).toBe(true)
    expect(backupDue(day('2026-02-27T10:00:00Z'), new Date('2026-03-02T01:00:00Z'))).toBe(true)
  })
})

describe('the daily job (dailyBackup)', () => {
  it('makes the backup on SQLite, says so in its line, and none again the same day', async () => {
    const { config, close } = await embedded()
    const platform = { dialect: 'sqlite' } as Platform
    const now = new Date('2026-06-01T12:00:00Z')
    try {
      const line = await dailyBackup(platform, config, now)
      expect(line).toMatch(/\/fleeters-20260601-120000Z\.tar\.gz \(\d+ bytes\)$/)
      expect((await latestBackup(backupDirOf(config)))?.createdAt.toISOString()).toBe('2026-06-01T12:00:00.000Z')
      expect(await dailyBackup(platform, config, new Date('2026-06-01T13:00:00Z'))).toBeNull()
      expect(await listBackups(backupDirOf(config))).toHaveLength(1)
    } finally {
      await close()
    }
  })

  it('makes none with DATABASE_URL (the database is shared) or BACKUP_DAILY=false', async () => {
    const { config, close } = await embedded()
    const now = new Date('2026-06-01T12:00:00Z')
    try {
      expect(await dailyBackup({ dialect: 'postgres' }, config, now)).toBeNull()
      expect(await dailyBackup({ dialect: 'sqlite' }, { ...config, BACKUP_DAILY: false }, now)).toBeNull()
      expect(await latestBackup(backupDirOf(config))).toBeNull()
    } finally {
      await close()
    }
  })
})

describe('backup and restore of the embedded default', () => {
  let env: Awaited<ReturnType<typeof embedded>>
  beforeAll(async () => {
    env = await embedded()
  })
  afterAll(async () => {
    await env.close()
  })

  it('BACKUP_DIR defaults to «backups» beside DATA_DIR, and may not be inside it', async () => {
    expect(backupDirOf(loadConfig({ DATA_DIR: '/srv/fleeters/data' }))).toBe('/srv/fleeters/backups')
    const inside = { ...env.config, BACKUP_DIR: path.join(env.config.dataDir, 'backups') }
    await expect(createBackup(inside)).rejects.toThrow(/está dentro de DATA_DIR/)
  })

  it('the archive holds the manifest, database, uploads and secrets; a restore puts them back', async () => {
    const { file, manifest } = await createBackup(env.config, { now: new Date('2026-05-04T12:00:00Z') })
    expect(path.basename(file)).toBe('fleeters-20260504-120000Z.tar.gz')
    expect(manifest).toMatchObject({ format: 1, engine: 'sqlite', storage: 'local', files: { count: 1, bytes: 3000 } })
    expect(manifest.secrets).toEqual(['.session-secret', '.data-keys'])
    expect(manifest.schema).toMatch(/^\d{4}_/)
    expect(manifest.tables.communes).toBeUndefined()
    expect(Object.keys(manifest.tables)).toContain('user_files')
    const upload = `uploads/documents/${'a'.repeat(24)}.pdf`
    const secrets = ['secrets/.data-keys', 'secrets/.session-secret']
    expect(Object.keys(manifest.entries).sort()).toEqual(['database/fleeters.db', ...secrets, upload])
    expect(await readManifest(file)).toEqual(manifest)
    // No staging folder is left in DATA_DIR.
    expect(fs.readdirSync(env.config.dataDir).filter((n) => n.startsWith('.backup-'))).toEqual([])

    const target = path.join(tempDir('restore'), 'data')
    const restored = await restoreBackup(file, loadConfig({ DATA_DIR: target, NODE_ENV: 'test' }))
    expect(restored.manifest).toEqual(manifest)
    for (const name of ['.session-secret', '.data-keys', `uploads/documents/${'a'.repeat(24)}.pdf`]) {
      expect(fs.readFileSync(path.join(target, name))).toEqual(fs.readFileSync(path.join(env.config.dataDir, name)))
    }
    expect(fs.readdirSync(target).sort()).toEqual(['.data-keys', '.session-secret', 'fleeters.db', 'uploads'])
  })

  it('removes what a crashed backup left once a day old (staging folder, partial archive), not more', async () => {
    const dir = backupDirOf(env.config)
    fs.mkdirSync(dir, { recursive: true })
    const old = [path.join(env.config.dataDir, '.backup-staging-old'), path.join(dir, 'fleeters-x.tar.gz.old.partial')]
    const fresh = path.join(env.config.dataDir, '.backup-staging-running')
    fs.mkdirSync(old[0]!)
    fs.writeFileSync(old[1]!, 'half')
    fs.mkdirSync(fresh)
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
    for (const leftover of old) fs.utimesSync(leftover, twoDaysAgo, twoDaysAgo)
    await createBackup(env.config, { now: new Date('2026-05-04T16:00:00Z') })
    expect(old.filter((f) => fs.existsSync(f))).toEqual([])
    expect(fs.existsSync(fresh)).toBe(true)
    fs.rmSync(fresh, { recursive: true })
  })

  it('refuses a DATA_DIR that is not empty, with exit code 2, and touches nothing in it', async () => {
    const { file } = await createBackup(env.config, { now: new Date('2026-05-04T13:00:00Z') })
    const target = tempDir('busy')
    fs.writeFileSync(path.join(target, 'fleeters.db'), 'mine')
    const config = loadConfig({ DATA_DIR: target, NODE_ENV: 'test' })
    const refused = await restoreBackup(file, config).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(BackupError)
    expect((refused as BackupError).exitCode).toBe(2)
    expect((refused as BackupError).message).toMatch(/no está vacío/)
    expect(fs.readdirSync(target)).toEqual(['fleeters.db'])
    expect(fs.readFileSync(path.join(target, 'fleeters.db'), 'utf8')).toBe('mine')
  })

  it('an archive whose file does not match its checksum is refused, and DATA_DIR stays empty', async () => {
    const { file } = await createBackup(env.config, { now: new Date('2026-05-04T14:00:00Z') })
    const unpacked = tempDir('tamper')
    await extractTar({ file, cwd: unpacked })
    const upload = path.join(unpacked, 'uploads', 'documents', `${'a'.repeat(24)}.pdf`)
    const bytes = fs.readFileSync(upload)
    bytes[100] = bytes[100]! ^ 0xff
    fs.writeFileSync(upload, bytes)
    const tampered = path.join(unpacked, '..', `${path.basename(unpacked)}.tar.gz`)
    temporary.push(tampered)
    await createTar({ gzip: true, cwd: unpacked, file: tampered }, fs.readdirSync(unpacked))
    const target = path.join(tempDir('restore'), 'data')
    const config = loadConfig({ DATA_DIR: target, NODE_ENV: 'test' })
    await expect(restoreBackup(tampered, config)).rejects.toThrow(/no coincide con su suma de verificación/)
    expect(fs.readdirSync(target)).toEqual([])
  })

  it('a SQLite archive is not restored over DATABASE_URL (nor the other way round)', async () => {
    const { file } = await createBackup(env.config, { now: new Date('2026-05-04T15:00:00Z') })
    const target = path.join(tempDir('restore'), 'data')
    const config = loadConfig({ DATA_DIR: target, DATABASE_URL: 'postgres://x@127.0.0.1:1/none' })
    await expect(restoreBackup(file, config)).rejects.toThrow(/quita DATABASE_URL/)
    expect(fs.readdirSync(target)).toEqual([])
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL tools', () => {
  it('without pg_dump the backup says what to install', async () => {
    const dataDir = tempDir('pgdata')
    const backupDir = tempDir('backups')
    const config = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: process.env.TEST_DATABASE_URL })
    const backup = createBackup(config, { tools: { pgDump: 'pg_dump-not-installed' } })
    await expect(backup).rejects.toThrow(/No se encontró pg_dump-not-installed.*apt-get install postgresql-client/)
    expect(fs.readdirSync(backupDirOf(config))).toEqual([])
  })
})

describe('with S3 storage', () => {
  const endpoint = process.env.TEST_S3_ENDPOINT!
  const bucket = process.env.TEST_S3_BUCKET!
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const s3 = { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true' }
  const keys = { S3_ACCESS_KEY_ID: credentials.accessKeyId, S3_SECRET_ACCESS_KEY: credentials.secretAccessKey }
  let env: Awaited<ReturnType<typeof embedded>>
  afterEach(async () => {
    await env?.close()
  })

  it('lists the bucket’s keys and ETags (not the objects); a restore names the objects the bucket lost', async () => {
    env = await embedded({ ...s3, ...keys, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64url') })
    const store = await createRawFileStore(env.config)
    const kept = await store.put('documents', randomBytes(500), 'pdf')
    const lost = await store.put('documents', randomBytes(700), 'pdf')
    const { file, manifest } = await createBackup(env.config)
    expect(manifest.storage).toBe('s3')
    expect(Object.keys(manifest.entries).filter((e) => e.startsWith('uploads/'))).toEqual([])
    expect(manifest.entries['storage/s3-objects.jsonl']).toBeDefined()
    expect(manifest.files.count).toBeGreaterThanOrEqual(2)

    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials })
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: lost }))
    client.destroy()
    const target = path.join(tempDir('restore'), 'data')
    const config = loadConfig({ DATA_DIR: target, ...s3, ...keys, DATA_ENCRYPTION_KEY: 'k'.repeat(32) })
    const { missingObjects } = await restoreBackup(file, config)
    expect(missingObjects).toContain(lost)
    expect(missingObjects).not.toContain(kept)
    await store.remove(kept)
  })
})

it('`npm run restore` without an archive prints its usage and exits 2', () => {
  const cwd = path.resolve(import.meta.dirname, '../..')
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts'], { cwd, encoding: 'utf8' })
  expect(result.status).toBe(2)
  expect(result.stderr).toMatch(/Uso: npm run restore -- <archivo/)
})
