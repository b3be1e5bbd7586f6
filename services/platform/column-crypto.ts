import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { isValidRut, normalizeRut } from '#domain/rut'
import type { Keyring, MasterKey } from './file-crypto'

/**
 * RUTs of people and bank account numbers are encrypted in their columns (decision 80), under the
 * same master keys as the stored files (file-crypto.ts: DATA_ENCRYPTION_KEY, or DATA_DIR/.data-keys)
 * so one rotation covers both. From each master key two keys are derived (HKDF-SHA256), never the
 * master key itself: one encrypts (AES-256-GCM), the other hashes for lookups (HMAC-SHA256).
 *
 * A sealed value is text: `v1:<master key id>:<iv>:<ciphertext+tag>` (iv and ciphertext base64url).
 * The prefix and the field's name ('rut', 'account_number') are the additional data, so a value
 * cannot be moved to a column of another kind nor relabelled with another key id.
 *
 * Equality (is this RUT taken, the console's search by RUT) goes through a keyed hash column
 * beside the ciphertext: the HMAC of the normalised value (a RUT without dots nor dash, K
 * uppercase). A lookup hashes under every key of the ring, so during a rotation rows hashed under
 * the older key are still found; `npm run keys:rotate` re-encrypts and re-hashes every row.
 *
 * Every reader and writer of those columns goes through this module.
 */
export type SealedField = 'rut' | 'account_number'

const VERSION = 'v1'
const PREFIX = `${VERSION}:`

interface Derived {
  encrypt: Buffer
  lookup: Buffer
}

export interface ColumnCipher {
  /** The value encrypted under the current master key. */
  seal(field: SealedField, plain: string): string
  /** seal() that keeps null as null. */
  sealNullable(field: SealedField, plain: string | null): string | null
  /** The clear value. Throws on an unknown key or a value tampered with. */
  open(field: SealedField, stored: string): string
  openNullable(field: SealedField, stored: string | null): string | null
  /** The lookup hash of the normalised value under the current master key (what a write stores). */
  hash(field: SealedField, plain: string): string
  hashNullable(field: SealedField, plain: string | null): string | null
  /** The lookup hashes under every key of the ring (what a search compares against). */
  hashes(field: SealedField, plain: string): string[]
  /** The master key id a value names; null for a value that is not sealed. */
  sealedWith(stored: string): string | null
  /** The id of the key new values are sealed with. */
  currentKeyId: string
}

/** What the lookup hash is computed on: a RUT without dots, blanks nor dash, K uppercase; an account's digits. */
export function normalizeForLookup(field: SealedField, plain: string): string {
  if (field === 'rut') return normalizeRut(plain).replace(/-/g, '')
  return plain.replace(/\D/g, '')
}

export function isSealedValue(stored: string): boolean {
  return stored.startsWith(PREFIX) && stored.split(':').length === 4
}

export function columnCipher(ring: Keyring): ColumnCipher {
  const derived = new Map<string, Derived>()
  const keysOf = (master: MasterKey): Derived => {
    let keys = derived.get(master.id)
    if (!keys) {
      const derive = (info: string) => Buffer.from(hkdfSync('sha256', master.key, Buffer.alloc(0), info, 32))
      keys = { encrypt: derive('fleeters:columns:encrypt'), lookup: derive('fleeters:columns:lookup') }
      derived.set(master.id, keys)
    }
    return keys
  }
  const aad = (field: SealedField, keyId: string) => Buffer.from(`${VERSION}:${keyId}:${field}`)

  const seal = (field: SealedField, plain: string) => {
    const master = ring.current
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', keysOf(master).encrypt, iv)
    cipher.setAAD(aad(field, master.id))
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()])
    return `${PREFIX}${master.id}:${iv.toString('base64url')}:${body.toString('base64url')}`
  }

  const open = (field: SealedField, stored: string) => {
    if (!isSealedValue(stored)) throw new Error(`${field}: the column holds a value that is not encrypted`)
    const [, keyId, ivText, bodyText] = stored.split(':') as [string, string, string, string]
    const master = ring.byId.get(keyId)
    if (!master)
      throw new Error(`${field} encrypted with an unknown master key (${keyId}): set DATA_ENCRYPTION_OLD_KEYS`)
    const body = Buffer.from(bodyText, 'base64url')
    if (body.length < 16) throw new Error(`${field}: the encrypted value is truncated`)
    const decipher = createDecipheriv('aes-256-gcm', keysOf(master).encrypt, Buffer.from(ivText, 'base64url'))
    decipher.setAAD(aad(field, keyId))
    decipher.setAuthTag(body.subarray(body.length - 16))
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8')
  }

  const hashUnder = (master: MasterKey, field: SealedField, plain: string) =>
    createHmac('sha256', keysOf(master).lookup)
      .update(`${field}:${normalizeForLookup(field, plain)}`)
      .digest('base64url')

  return {
    seal,
    sealNullable: (field, plain) => (plain === null ? null : seal(field, plain)),
    open,
    openNullable: (field, stored) => (stored === null ? null : open(field, stored)),
    hash: (field, plain) => hashUnder(ring.current, field, plain),
    hashNullable: (field, plain) => (plain === null ? null : hashUnder(ring.current, field, plain)),
    hashes: (field, plain) => [...ring.byId.values()].map((master) => hashUnder(master, field, plain)),
    sealedWith: (stored) => (isSealedValue(stored) ? stored.split(':')[1]! : null),
    currentKeyId: ring.current.id,
  }
}

/**
 * A search term that is a whole, valid RUT (with or without dots and dash): the hashes to find it
 * by; anything else (a part of a RUT, a name) finds no RUT, since an encrypted column cannot be
 * searched by a part of it.
 */
export function rutSearchHashes(cipher: ColumnCipher, term: string): string[] | null {
  const rut = normalizeRut(term)
  const withDash = rut.includes('-') ? rut : `${rut.slice(0, -1)}-${rut.slice(-1)}`
  return isValidRut(withDash) ? cipher.hashes('rut', withDash) : null
}

/** The encrypted columns, with the lookup hash column beside those that need equality. */
export const SEALED_COLUMNS = [
  { table: 'users', column: 'rut', field: 'rut', hash: 'rut_hmac' },
  { table: 'simple_powers', column: 'rut_owner', field: 'rut', hash: null },
  { table: 'simple_powers', column: 'rut_driver', field: 'rut', hash: null },
  { table: 'bank_details', column: 'account_number', field: 'account_number', hash: null },
] as const satisfies ReadonlyArray<{ table: string; column: string; field: SealedField; hash: string | null }>

export interface ResealCount {
  /** Values encrypted (again) under the current key: clear ones, or ones under an older key. */
  sealed: number
  /** Values already under the current key. */
  current: number
}

/**
 * Encrypts every value of the sealed columns that is clear or under an older key, and writes its
 * lookup hash under the current key: migration 0024 (the clear values of before) and
 * `npm run keys:rotate` (a new key). In batches by id; a value already under the current key is
 * left alone, so a run stopped half way is simply run again. Throws on a value it cannot open
 * (an unknown key), before writing anything of that batch.
 */
export async function resealColumns(db: Kysely<any>, cipher: ColumnCipher, batch = 500): Promise<ResealCount> {
  const count: ResealCount = { sealed: 0, current: 0 }
  for (const { table, column, field, hash } of SEALED_COLUMNS) {
    let after = 0
    for (;;) {
      const rows = (await db
        .selectFrom(table)
        .select(['id', column])
        .where('id', '>', after)
        .where(column, 'is not', null)
        .orderBy('id')
        .limit(batch)
        .execute()) as Array<{ id: number } & Record<string, string>>
      if (!rows.length) break
      after = rows[rows.length - 1]!.id
      const updates: Array<{ id: number; value: string; hash: string }> = []
      for (const row of rows) {
        const stored = row[column]!
        if (cipher.sealedWith(stored) === cipher.currentKeyId) {
          count.current++
          continue
        }
        const plain = isSealedValue(stored) ? cipher.open(field, stored) : stored
        updates.push({ id: row.id, value: cipher.seal(field, plain), hash: cipher.hash(field, plain) })
      }
      for (const u of updates) {
        await db
          .updateTable(table)
          .set({ [column]: u.value, ...(hash ? { [hash]: u.hash } : {}) })
          .where('id', '=', u.id)
          .execute()
      }
      count.sealed += updates.length
    }
  }
  return count
}
