import fs from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/**
 * Private file storage: DATA_DIR/uploads by default, never a public folder. Files are reached
 * only through authorised routes that look the key up first. Keys are random.
 */
export interface FileStore {
  put(prefix: string, bytes: Uint8Array, extension: string): Promise<string>
  get(key: string): Promise<Uint8Array | null>
  remove(key: string): Promise<void>
}

const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]{22,}\.[a-z0-9]{2,5}$/

export function localFileStore(dataDir: string): FileStore {
  const root = path.join(dataDir, 'uploads')
  const resolve = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error('invalid file key')
    return path.join(root, key)
  }
  return {
    async put(prefix, bytes, extension) {
      const key = `${prefix}/${randomBytes(18).toString('base64url')}.${extension}`
      const file = resolve(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      await fs.writeFile(file, bytes, { mode: 0o600 })
      return key
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(resolve(key)))
      } catch {
        return null
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true })
    },
  }
}
