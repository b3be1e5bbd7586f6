import path from 'node:path'
import { columnCipher, type ColumnCipher } from './column-crypto'
import type { Config } from './config'
import { assertMigrated, migrateToLatest, openDatabase, type DB } from './db/connect'
import type { Dialect } from './db/migrations'
import { encryptedFileStore, loadKeyring, type Keyring } from './file-crypto'
import { localFileStore, type FileStore } from './files'
import { memoryRateLimiter, type RateLimiter } from './rate-limit'
import { redisRateLimiter } from './rate-limit-redis'
import { loadKeys, type Keys } from './secrets'

/** The master keys of files and columns: DATA_ENCRYPTION_KEY (and its older keys), or DATA_DIR/.data-keys. */
export function configuredKeyring(config: Config): Keyring {
  return loadKeyring({
    key: config.DATA_ENCRYPTION_KEY,
    oldKeys: config.DATA_ENCRYPTION_OLD_KEYS,
    dataDir: config.dataDir,
  })
}

/** The store the services use: every file sealed on the way in (file-crypto.ts). */
export async function createFileStore(config: Config): Promise<FileStore> {
  return encryptedFileStore(await createRawFileStore(config), configuredKeyring(config))
}

/** Local disk under DATA_DIR (the embedded default), or the S3 bucket when S3_BUCKET is set. */

/** The disk or the bucket itself, the files as stored (key rotation reads and rewrites them). */
export async function createRawFileStore(config: Config): Promise<FileStore> {
  if (!config.S3_BUCKET) return localFileStore(config.dataDir)
  // Loaded only when used: the embedded product never pays for the AWS SDK.
  const { s3FileStore } = await import('./files-s3')
  return s3FileStore({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  })
}

/** What every service handler needs: one object, built once per process (or per test). */
export interface Platform {
  config: Config
  db: DB
  dialect: Dialect
  keys: Keys
  limiter: RateLimiter
  files: FileStore
  /** RUTs and bank account numbers in and out of their encrypted columns (column-crypto.ts). */
  columns: ColumnCipher
  now(): Date
  /** Base URL for links in mails (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string
  /** Nudges the outbox worker after something was enqueued (no-op when none runs). */
  wakeOutbox(): void
  /**
   * A committed write changed what the public pages show (postings, FAQ, testimonials, logos,
   * statistics): the server empties the cached public content of every process (services/platform/invalidation.ts).
   */
  publicContentChanged(): void
}

export interface OpenPlatform extends Platform {
  close(): Promise<void>
}

/**
 * What the process running the services does when they say so: wake its outbox worker, empty the
 * cached public content. Given at creation (server/create-server.ts), so a platform is never changed after
 * it exists; a script or a test that runs neither leaves them out (no-ops).
 */
export type PlatformHooks = Pick<Platform, 'wakeOutbox' | 'publicContentChanged'>

export interface PlatformOptions {
  hooks?: Partial<PlatformHooks>
  /** In place of the configured rate limiter (a script's own counters), file store or column cipher. */
  limiter?: RateLimiter
  files?: FileStore
  columns?: ColumnCipher
}

export async function createPlatform(config: Config, options: PlatformOptions = {}): Promise<OpenPlatform> {
  const handle = openDatabase({ url: config.DATABASE_URL, sqlitePath: path.join(config.dataDir, 'fleeters.db') })
  const columns = options.columns ?? columnCipher(configuredKeyring(config))
  if (config.MIGRATE_ON_START) await migrateToLatest(handle, { columns })
  else await assertMigrated(handle)
  // Shared counters when several processes serve the site; in memory otherwise.
  const redis = !options.limiter && config.REDIS_URL ? await redisRateLimiter(config.REDIS_URL) : null
  const platform: OpenPlatform = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    keys: loadKeys({ secret: config.SESSION_SECRET, dataDir: config.dataDir }),
    limiter: options.limiter ?? redis ?? memoryRateLimiter(),
    files: options.files ?? (await createFileStore(config)),
    columns,
    now: () => new Date(),
    publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    wakeOutbox: options.hooks?.wakeOutbox ?? (() => {}),
    publicContentChanged: options.hooks?.publicContentChanged ?? (() => {}),
    close: async () => {
      await redis?.close()
      await handle.destroy()
    },
  }
  return platform
}
