import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FileStore } from './files'

/**
 * Stored files — cédulas, licences, criminal-record certificates, owners' ID images, profile
 * photos — are encrypted before they reach the disk or the bucket (envelope encryption, as the
 * large clouds' key services do it): each file gets its own random data key, AES-256-GCM; the
 * data key is stored beside the file, wrapped (AES-256-GCM too) by a master key. A leaked disk,
 * backup or bucket credential yields nothing readable without the master key, which lives
 * elsewhere (DATA_ENCRYPTION_KEY, or DATA_DIR/.data-keys when not set).
 *
 * A sealed file is: `FLX1` · master key id (8) · wrap iv (12) · wrap tag (16) · wrapped data key
 * (32) · iv (12) · tag (16) · ciphertext. The header is the content's additional data, so no part
 * can be swapped. Rotation (`npm run keys:rotate`) seals each file again under the new master key.
 * Files stored before encryption (no `FLX1`) are read as they are, and sealed by the rotation.
 */
const MAGIC = Buffer.from('FLX1')
const ID_BYTES = 8
const HEADER_BYTES = MAGIC.length + ID_BYTES + 12 + 16 + 32
const SEALED_MIN = HEADER_BYTES + 12 + 16

export interface MasterKey {
  /** Hex of the first 8 bytes of the key's SHA-256: names the key in each file's header. */
  id: string
  key: Buffer
}

export interface Keyring {
  /** The key new files are wrapped with. */
  current: MasterKey
  /** Every key a file may name, the current one included. */
  byId: Map<string, MasterKey>
}

/** A master key from a secret of at least 32 characters (as SESSION_SECRET is given). */
export function masterKey(secret: string | Buffer): MasterKey {
  const key = createHash('sha256').update('fleeters:data-encryption:').update(secret).digest()
  return { id: createHash('sha256').update(key).digest().subarray(0, ID_BYTES).toString('hex'), key }
}

export function keyring(current: MasterKey, older: MasterKey[] = []): Keyring {
  return { current, byId: new Map([current, ...older].map((k) => [k.id, k])) }
}

/** The generated keys of the embedded default, newest first, one base64url secret a line. */
export const GENERATED_KEYS_FILE = '.data-keys'

/**
 * DATA_ENCRYPTION_KEY (and DATA_ENCRYPTION_OLD_KEYS, comma-separated, while a rotation runs) when
 * set; otherwise the keys generated into DATA_DIR/.data-keys (0600), made on first use.
 */
export function loadKeyring(opts: { key?: string; oldKeys?: string; dataDir: string }): Keyring {
  if (opts.key) {
    const older = (opts.oldKeys ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    return keyring(masterKey(opts.key), older.map(masterKey))
  }
  let secrets = readGeneratedKeys(opts.dataDir)
  if (!secrets.length) {
    fs.mkdirSync(opts.dataDir, { recursive: true })
    // Written whole under a temporary name, then linked into place: another process sharing
    // DATA_DIR never reads a half-written file, and if it linked first, its key is the one used.
    const file = path.join(opts.dataDir, GENERATED_KEYS_FILE)
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
    fs.writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 })
    try {
      fs.linkSync(temporary, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      fs.rmSync(temporary, { force: true })
    }
    secrets = readGeneratedKeys(opts.dataDir)
  }
  const [current, ...older] = secrets.map(masterKey)
  return keyring(current!, older)
}

export function readGeneratedKeys(dataDir: string): string[] {
  const file = path.join(dataDir, GENERATED_KEYS_FILE)
  if (!fs.existsSync(file)) return []
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Puts a new generated key first (the current one from now on); the older ones stay readable. */
export function addGeneratedKey(dataDir: string): MasterKey {
  const fresh = randomBytes(32).toString('base64url')
  const file = path.join(dataDir, GENERATED_KEYS_FILE)
  const next = [fresh, ...readGeneratedKeys(dataDir)].join('\n') + '\n'
  fs.writeFileSync(`${file}.tmp`, next, { mode: 0o600 })
  fs.renameSync(`${file}.tmp`, file)
  return masterKey(fresh)
}

/** Keeps only the current generated key (after every file was re-wrapped with it). */
export function dropOlderGeneratedKeys(dataDir: string): void {
  const file = path.join(dataDir, GENERATED_KEYS_FILE)
  const [current] = readGeneratedKeys(dataDir)
  if (!current) return
  fs.writeFileSync(`${file}.tmp`, `${current}\n`, { mode: 0o600 })
  fs.renameSync(`${file}.tmp`, file)
}

function gcm(key: Buffer, data: Buffer, aad?: Buffer) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  if (aad) cipher.setAAD(aad)
  const ciphertext = Buffer.concat([cipher.update(data), cipher.final()])
  return { iv, tag: cipher.getAuthTag(), ciphertext }
}

function ungcm(key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, aad?: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  if (aad) decipher.setAAD(aad)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(ciphertext), decipher.final()])
}

function header(master: MasterKey, dataKey: Buffer): Buffer {
  const wrapped = gcm(master.key, dataKey, Buffer.concat([MAGIC, Buffer.from(master.id, 'hex')]))
  return Buffer.concat([MAGIC, Buffer.from(master.id, 'hex'), wrapped.iv, wrapped.tag, wrapped.ciphertext])
}

export function isSealed(stored: Uint8Array): boolean {
  return stored.length >= SEALED_MIN && Buffer.from(stored.subarray(0, MAGIC.length)).equals(MAGIC)
}

/** The master key id a sealed file names (null for a file stored before encryption). */
export function sealedWith(stored: Uint8Array): string | null {
  return isSealed(stored) ? Buffer.from(stored.subarray(MAGIC.length, MAGIC.length + ID_BYTES)).toString('hex') : null
}

export function seal(ring: Keyring, plain: Uint8Array): Uint8Array {
  const dataKey = randomBytes(32)
  const head = header(ring.current, dataKey)
  const body = gcm(dataKey, Buffer.from(plain), head)
  return new Uint8Array(Buffer.concat([head, body.iv, body.tag, body.ciphertext]))
}

function dataKeyOf(ring: Keyring, stored: Buffer): Buffer {
  const id = stored.subarray(MAGIC.length, MAGIC.length + ID_BYTES)
  const master = ring.byId.get(id.toString('hex'))
  if (!master)
    throw new Error(`file encrypted with an unknown master key (${id.toString('hex')}): set DATA_ENCRYPTION_OLD_KEYS`)
  let at = MAGIC.length + ID_BYTES
  const iv = stored.subarray(at, (at += 12))
  const tag = stored.subarray(at, (at += 16))
  const wrapped = stored.subarray(at, (at += 32))
  return ungcm(master.key, iv, tag, wrapped, Buffer.concat([MAGIC, id]))
}

/** The file's bytes; a file stored before encryption as it is. Throws when tampered with. */
export function unseal(ring: Keyring, stored: Uint8Array): Uint8Array {
  if (!isSealed(stored)) return stored
  const buffer = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)
  const dataKey = dataKeyOf(ring, buffer)
  const head = buffer.subarray(0, HEADER_BYTES)
  const iv = buffer.subarray(HEADER_BYTES, HEADER_BYTES + 12)
  const tag = buffer.subarray(HEADER_BYTES + 12, HEADER_BYTES + 28)
  return new Uint8Array(ungcm(dataKey, iv, tag, buffer.subarray(HEADER_BYTES + 28), head))
}

/** The file sealed anew under the current master key; null when it is sealed under it already. */
export function resealed(ring: Keyring, stored: Uint8Array): Uint8Array | null {
  if (sealedWith(stored) === ring.current.id) return null
  return seal(ring, unseal(ring, stored))
}

/** A store whose files are sealed on the way in and opened on the way out. */
export function encryptedFileStore(inner: FileStore, ring: Keyring): FileStore {
  return {
    kind: inner.kind,
    put: (prefix, bytes, extension) => inner.put(prefix, seal(ring, bytes), extension),
    async get(key) {
      const stored = await inner.get(key)
      return stored ? unseal(ring, stored) : null
    },
    remove: (key) => inner.remove(key),
    ping: () => inner.ping(),
    list: () => inner.list(),
    replace: (key, bytes) => inner.replace(key, seal(ring, bytes)),
  }
}
