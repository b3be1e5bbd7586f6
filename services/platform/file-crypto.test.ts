import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemo } from '#services/platform/seed/demo'
import { DEMO_DOCUMENTS } from '#services/platform/seed/demo-documents'
import { TINY_PDF, TINY_PNG } from '#services/platform/seed/sample-files'
import { demoDocumentBytes } from '#services/platform/seed/specimen-photos'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import {
  encryptedFileStore,
  keyring,
  loadKeyring,
  masterKey,
  readGeneratedKeys,
  resealed,
  seal,
  sealedWith,
  unseal,
} from './file-crypto'
import { localFileStore } from './files'

const text = (s: string) => new Uint8Array(Buffer.from(s))
/** Whether `haystack` holds `needle` anywhere. */
const holds = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).includes(Buffer.from(needle))

describe('sealed files', () => {
  const a = masterKey('a'.repeat(32))
  const b = masterKey('b'.repeat(32))
  const plain = text('RUT 16.234.567-4 · Camila Pérez · licencia clase B')

  it('round trip; the stored bytes hold nothing of the content; each seal differs', () => {
    const ring = keyring(a)
    const one = seal(ring, plain)
    const two = seal(ring, plain)
    expect(holds(one, text('16.234.567'))).toBe(false)
    expect(holds(one, text('Camila'))).toBe(false)
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(false)
    expect(Buffer.from(unseal(ring, one)).toString()).toBe(Buffer.from(plain).toString())
    expect(sealedWith(one)).toBe(a.id)
  })

  it('a changed byte anywhere (header, wrapped key, content) is refused', () => {
    const ring = keyring(a)
    const sealed = seal(ring, plain)
    for (const at of [4, 20, 40, 70, 90, sealed.length - 1]) {
      const tampered = new Uint8Array(sealed)
      tampered[at] = tampered[at]! ^ 1
      expect(() => unseal(ring, tampered), `byte ${at}`).toThrow()
    }
  })

  it('another master key cannot open it; with the old key kept beside the new one it can', () => {
    const sealed = seal(keyring(a), plain)
    expect(() => unseal(keyring(b), sealed)).toThrow(/unknown master key/)
    expect(Buffer.from(unseal(keyring(b, [a]), sealed)).toString()).toBe(Buffer.from(plain).toString())
  })

  it(
    'rotation seals again under the current key; a file stored before encryption is ' + 'read as it is, then sealed',
    () => {
      const ring = keyring(b, [a])
      const old = seal(keyring(a), plain)
      const legacy = TINY_PNG
      expect(Buffer.from(unseal(ring, legacy)).equals(Buffer.from(legacy))).toBe(true)
      for (const stored of [old, legacy]) {
        const next = resealed(ring, stored)!
        expect(sealedWith(next)).toBe(b.id)
        expect(Buffer.from(unseal(keyring(b), next)).equals(Buffer.from(unseal(ring, stored)))).toBe(true)
        expect(resealed(ring, next)).toBeNull()
      }
    },
  )

  it('the embedded default generates its key once into DATA_DIR, readable by its own user only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-keys-'))
    try {
      const first = loadKeyring({ dataDir: dir })
      expect(loadKeyring({ dataDir: dir }).current.id).toBe(first.current.id)
      expect(fs.statSync(path.join(dir, '.data-keys')).mode & 0o777).toBe(0o600)
      expect(loadKeyring({ key: 'k'.repeat(32), dataDir: dir }).current.id).toBe(masterKey('k'.repeat(32)).id)
      // No temporary file is left beside it.
      expect(fs.readdirSync(dir)).toEqual(['.data-keys'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the store on disk holds no document in clear', () => {
  let p: TestPlatform
  beforeAll(async () => {
    p = await createTestPlatform('sqlite')
  })
  afterAll(async () => {
    await p.destroy()
    fs.rmSync(p.config.dataDir, { recursive: true, force: true })
  })

  it('the demo driver’s documents: read back whole through the store, never as JPEG or PDF bytes on disk', async () => {
    await seedDemo(p)
    const rows = await p.db.selectFrom('user_files').select(['storage_key', 'purpose_name']).execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      // The seed's files are deterministic: made again, they are the bytes the store holds.
      const doc = DEMO_DOCUMENTS.find((d) => d.slot === row.purpose_name)!
      const original = await demoDocumentBytes(doc)
      expect(Buffer.from((await p.files.get(row.storage_key))!).equals(Buffer.from(original))).toBe(true)
      const raw = fs.readFileSync(path.join(p.config.dataDir, 'uploads', row.storage_key))
      // A copy in clear holds every stretch of the original: its start (the JPEG, PNG or PDF
      // signature), middle and end. Ciphertext matches 16 given bytes with odds of 2^-128, where a
      // 3- or 4-byte marker such as «PNG» turns up by chance in a few megabytes of it.
      for (const at of [0, original.length >> 1, original.length - 16])
        expect(holds(raw, original.subarray(at, at + 16)), `${row.purpose_name} at ${at}`).toBe(false)
    }
  })
})

describe('npm run keys:rotate (embedded default)', () => {
  it('a new key, every file sealed under it (one stored before encryption too), the old key forgotten', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-rotate-'))
    try {
      const disk = localFileStore(dataDir)
      const before = loadKeyring({ dataDir })
      const sealedKey = await encryptedFileStore(disk, before).put('documents', TINY_PNG, 'png')
      const legacyKey = await disk.put('documents', TINY_PDF, 'pdf')
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/keys-rotate.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', DATA_ENCRYPTION_KEY: '' },
        encoding: 'utf8',
      })
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/2 archivos cifrados de nuevo, 0 ya estaban con ella/)
      const after = loadKeyring({ dataDir })
      expect(after.current.id).not.toBe(before.current.id)
      expect(readGeneratedKeys(dataDir)).toHaveLength(1)
      for (const [key, original] of [
        [sealedKey, TINY_PNG],
        [legacyKey, TINY_PDF],
      ] as const) {
        const stored = (await disk.get(key))!
        expect(sealedWith(stored)).toBe(after.current.id)
        expect(Buffer.from(unseal(after, stored)).equals(Buffer.from(original))).toBe(true)
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
