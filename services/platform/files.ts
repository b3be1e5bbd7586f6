import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Private file storage: DATA_DIR/uploads by default (localFileStore), an S3-compatible bucket
 * when S3_BUCKET is set (files-s3.ts), never a public folder. Files are reached only through
 * authorised routes that look the key up first and stream the bytes themselves. Keys are random.
 */
export interface FileStore {
  /** Which driver: 'local' or 's3' (shown by /readyz). */
  readonly kind: 'local' | 's3'
  put(prefix: string, bytes: Uint8Array, extension: string): Promise<string>
  /** The file's bytes, or null when there is no such file. Store outages throw. */
  get(key: string): Promise<Uint8Array | null>
  remove(key: string): Promise<void>
  /** Throws when the store cannot be reached (readiness check). */
  ping(): Promise<void>
  /** Every key in the store (key rotation walks them). */
  list(): AsyncIterable<string>
  /** Writes `bytes` in place of an existing file, atomically. */
  replace(key: string, bytes: Uint8Array): Promise<void>
}

/** The store is away or refusing (network, credentials, 5xx): answered as a 503, like a database outage. */
export class StorageUnavailableError extends Error {
  readonly code = 'ESTORAGEUNAVAILABLE'
  constructor(cause: unknown) {
    super(`file storage unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause })
  }
}

export const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]{22,}\.[a-z0-9]{2,5}$/

export function newKey(prefix: string, extension: string): string {
  return `${prefix}/${randomBytes(18).toString('base64url')}.${extension}`
}

export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid file key')
  return key
}

export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads')
  const resolve = (key: string) => path.join(root, checkKey(key))
  return {
    kind: 'local',
    async put(prefix, bytes, extension) {
      const key = newKey(prefix, extension)
      const file = resolve(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(file, bytes, { mode: 0o600 })
      return key
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(resolve(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as Error).message === 'invalid file key')
          return null
        throw error
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true })
    },
    async ping() {
      await fs.mkdir(root, { recursive: true })
      await fs.access(root, fs.constants.W_OK)
    },
    async *list() {
      let prefixes: string[]
      try {
        prefixes = await fs.readdir(root)
      } catch {
        return
      }
      for (const prefix of prefixes) {
        let names: string[]
        try {
          names = await fs.readdir(path.join(root, prefix))
        } catch {
          continue
        }
        for (const name of names) if (KEY_PATTERN.test(`${prefix}/${name}`)) yield `${prefix}/${name}`
      }
    },
    async replace(key, bytes) {
      const file = resolve(key)
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
      await fs.writeFile(temporary, bytes, { mode: 0o600 })
      await fs.rename(temporary, file)
    },
  }
}
