import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '#services/platform/db/connect'
import { migrations } from '#services/platform/db/migrations'
import { databaseBefore } from '#services/testing/before-migration'
import { engines } from '#services/testing/database'
import { columnCipher, normalizeForLookup, resealColumns, rutSearchHashes } from './column-crypto'
import { keyring, loadKeyring, masterKey, readGeneratedKeys, seal, sealedWith, unseal } from './file-crypto'

const a = masterKey('a'.repeat(32))
const b = masterKey('b'.repeat(32))

describe('encrypted columns', () => {
  it('round trip; the stored text holds nothing of the value; each seal differs', () => {
    const cipher = columnCipher(keyring(a))
    const one = cipher.seal('rut', '16234567-2')
    const two = cipher.seal('rut', '16234567-2')
    expect(one).toMatch(new RegExp(`^v1:${a.id}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$`))
    expect(one).not.toContain('16234567')
    expect(one).not.toBe(two)
    expect(cipher.open('rut', one)).toBe('16234567-2')
    expect(cipher.open('account_number', cipher.seal('account_number', '000123456789'))).toBe('000123456789')
    expect(cipher.openNullable('rut', null)).toBeNull()
    expect(cipher.sealedWith(one)).toBe(a.id)
  })

  it('a wrong key, a changed character, a value moved to a column of another kind or a clear value are refused', () => {
    const sealed = columnCipher(keyring(a)).seal('rut', '16234567-2')
    expect(() => columnCipher(keyring(b)).open('rut', sealed)).toThrow(/unknown master key/)
    // The same id with another key behind it (a forged id) fails authentication.
    const forged = { id: a.id, key: b.key }
    expect(() => columnCipher(keyring(forged)).open('rut', sealed)).toThrow()
    const cipher = columnCipher(keyring(a))
    const body = sealed.split(':')[3]!
    const flipped = `${sealed.slice(0, -body.length)}${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`
    expect(() => cipher.open('rut', flipped)).toThrow()
    expect(() => cipher.open('account_number', sealed)).toThrow()
    expect(() => cipher.open('rut', '16234567-2')).toThrow(/not encrypted/)
  })

  it('the lookup hash: normalised (dots, dash, k), keyed, under every key of the ring, not the encryption key', () => {
    const cipher = columnCipher(keyring(a))
    const h = cipher.hash('rut', '16234567-K')
    for (const spelling of ['16.234.567-k', '16234567K', ' 16.234.567-K ', '16234567-k'])
      expect(cipher.hash('rut', spelling)).toBe(h)
    expect(cipher.hash('rut', '16234567-2')).not.toBe(h)
    expect(normalizeForLookup('rut', '16.234.567-k')).toBe('16234567K')
    expect(normalizeForLookup('account_number', '00-123 456.7')).toBe('001234567')
    expect(cipher.hash('account_number', '00-1234567')).toBe(cipher.hash('account_number', '001234567'))
    // Another key, another hash: the hash says nothing without the key.
    expect(columnCipher(keyring(b)).hash('rut', '16234567-K')).not.toBe(h)
    // During a rotation a lookup hashes under both keys, the current first.
    expect(columnCipher(keyring(b, [a])).hashes('rut', '16.234.567-k')).toEqual([
      columnCipher(keyring(b)).hash('rut', '16234567-K'),
      h,
    ])
    expect(h).not.toContain('16234567')
  })

  it('the console finds a whole valid RUT, however written, and nothing for a part of one', () => {
    const cipher = columnCipher(keyring(a))
    const h = cipher.hash('rut', '16234567-2')
    expect(rutSearchHashes(cipher, '16.234.567-2')).toEqual([h])
    expect(rutSearchHashes(cipher, '162345672')).toEqual([h])
    expect(rutSearchHashes(cipher, '16.234')).toBeNull()
    expect(rutSearchHashes(cipher, '16234567-5')).toBeNull()
    expect(rutSearchHashes(cipher, 'camila')).toBeNull()
  })
})

describe.each(engines)('migration 0024 and the rotation on %s', (engine) => {
  const THIS = '0024_sealed_columns'

  async function withClearRows() {
    const { handle, cleanup } = await databaseBefore(engine, THIS)
    const now = '2026-01-01T00:00:00.000Z'
    const user = await sql<{
      id: number
    }>`INSERT INTO users (role, email, password_hash, firstname, lastname, rut, email_verified, created_at, updated_at)
      VALUES ('User', 'camila@b.cl', 'x', 'Camila', 'Pérez', '16234567-2', 1, ${now}, ${now}) RETURNING id`.execute(
      handle.db,
    )
    const userId = user.rows[0]!.id
    await sql`INSERT INTO users
      (role, email, password_hash, firstname, lastname, email_verified, created_at, updated_at)
      VALUES ('User', 'sinrut@b.cl', 'x', 'Ana', 'Soto', 1, ${now}, ${now})`.execute(handle.db)
    await sql`INSERT INTO bank_details
      (user_id, account_holder_name, bank_name, account_number, account_type, invoice_type, receipt_issuance,
      sii_address, phone, email, selected, created_at, updated_at)
      VALUES (${userId}, 'Camila', 'Banco Estado', '987654321012', 'Cuenta RUT', 'Boleta', 'Sí', 'Calle 1',
      '56987654321', 'c@b.cl', 'Seleccionado', ${now}, ${now})`.execute(handle.db)
    return { handle, cleanup, userId }
  }

  async function migrate(
    handle: Awaited<ReturnType<typeof databaseBefore>>['handle'],
    cipher?: ReturnType<typeof columnCipher>,
  ) {
    const all = await migrations(engine, { columns: cipher })
    return new Migrator({
      db: handle.db,
      provider: { getMigrations: async () => all },
      allowUnorderedMigrations: true,
    }).migrateToLatest()
  }

  it('refuses to run without the key when there is something to encrypt, and changes nothing', async () => {
    const { handle, cleanup } = await withClearRows()
    try {
      const { error } = await migrate(handle)
      expect(String(error)).toMatch(/clave de datos/)
      const row = await handle.db
        .selectFrom('users')
        .select('rut')
        .where('email', '=', 'camila@b.cl')
        .executeTakeFirstOrThrow()
      expect(row.rut).toBe('16234567-2')
    } finally {
      await cleanup()
    }
  })

  it(
    'encrypts the rows already there in place, with their hashes; the rotation ' + 're-encrypts them under a new key',
    async () => {
      const { handle, cleanup } = await withClearRows()
      try {
        const cipher = columnCipher(keyring(a))
        expect((await migrate(handle, cipher)).error).toBeUndefined()
        const user = await handle.db
          .selectFrom('users')
          .select(['rut', 'rut_hmac'])
          .where('email', '=', 'camila@b.cl')
          .executeTakeFirstOrThrow()
        expect(user.rut).toMatch(/^v1:/)
        expect(cipher.open('rut', user.rut!)).toBe('16234567-2')
        expect(user.rut_hmac).toBe(cipher.hash('rut', '16.234.567-2'))
        const none = await handle.db
          .selectFrom('users')
          .select(['rut', 'rut_hmac'])
          .where('email', '=', 'sinrut@b.cl')
          .executeTakeFirstOrThrow()
        expect(none).toEqual({ rut: null, rut_hmac: null })
        const bank = await handle.db.selectFrom('bank_details').select('account_number').executeTakeFirstOrThrow()
        expect(cipher.open('account_number', bank.account_number)).toBe('987654321012')
        // Unique as the RUT was.
        await expect(
          handle.db.updateTable('users').set({ rut_hmac: user.rut_hmac }).where('email', '=', 'sinrut@b.cl').execute(),
        ).rejects.toThrow()

        if (engine === 'sqlite') {
          // Nothing of the clear values is left in the file: secure_delete zeroed the old cells.
          await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(handle.db)
          const dir = path.dirname(
            (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(handle.db))
              .rows[0]!.file,
          )
          const bytes = Buffer.concat(
            ['fleeters.db', 'fleeters.db-wal']
              .filter((f) => fs.existsSync(path.join(dir, f)))
              .map((f) => fs.readFileSync(path.join(dir, f))),
          )
          expect(bytes.includes('16234567')).toBe(false)
          expect(bytes.includes('987654321012')).toBe(false)
        }

        // A new key: the rotation re-encrypts and re-hashes; run again, it finds everything current.
        const rotated = columnCipher(keyring(b, [a]))
        expect(await resealColumns(handle.db, rotated)).toEqual({ sealed: 2, current: 0 })
        expect(await resealColumns(handle.db, rotated)).toEqual({ sealed: 0, current: 2 })
        const after = await handle.db
          .selectFrom('users')
          .select(['rut', 'rut_hmac'])
          .where('email', '=', 'camila@b.cl')
          .executeTakeFirstOrThrow()
        expect(rotated.sealedWith(after.rut!)).toBe(b.id)
        expect(columnCipher(keyring(b)).open('rut', after.rut!)).toBe('16234567-2')
        expect(after.rut_hmac).toBe(columnCipher(keyring(b)).hash('rut', '16234567-2'))
        // Without the old key, a value still under it cannot be read: the rotation fails (keys:rotate
        // runs it in one transaction).
        await handle.db
          .updateTable('bank_details')
          .set({ account_number: cipher.seal('account_number', '111') })
          .execute()
        await expect(resealColumns(handle.db, columnCipher(keyring(masterKey('c'.repeat(32)), [b])))).rejects.toThrow(
          /unknown master key/,
        )
      } finally {
        await cleanup()
      }
    },
  )
})

describe('npm run keys:rotate (embedded default) and the columns', () => {
  it('after the files, re-encrypts and re-hashes the RUTs under the new key it made', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-rotate-columns-'))
    const sqlitePath = path.join(dataDir, 'fleeters.db')
    try {
      const before = columnCipher(loadKeyring({ dataDir }))
      let handle = openDatabase({ sqlitePath })
      await migrateToLatest(handle, { columns: before })
      const now = '2026-01-01T00:00:00.000Z'
      await handle.db
        .insertInto('users')
        .values({
          role: 'User',
          email: 'camila@b.cl',
          password_hash: 'x',
          firstname: 'Camila',
          lastname: 'Pérez',
          rut: before.seal('rut', '16234567-2'),
          rut_hmac: before.hash('rut', '16234567-2'),
          phone: null,
          address: null,
          about_me: null,
          img_profile: null,
          email_verified: 1,
          accepted_terms_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute()
      // A console account's TOTP secret, sealed with the files' keys (decision 77): rotated too.
      const totpSecret = new Uint8Array(20).fill(7)
      await handle.db
        .insertInto('totp_factors')
        .values({
          user_id: 1,
          secret_sealed: Buffer.from(seal(loadKeyring({ dataDir }), totpSecret)).toString('base64url'),
          confirmed_at: now,
          last_step: null,
          created_at: now,
        })
        .execute()
      await handle.destroy()

      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/keys-rotate.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', DATA_ENCRYPTION_KEY: '' },
        encoding: 'utf8',
      })
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/RUT y cuentas bancarias: 1 valores cifrados de nuevo, 0 ya estaban con ella/)
      expect(run.stdout).toMatch(/Verificación en dos pasos: 1 claves de aplicación cifradas de nuevo/)
      expect(readGeneratedKeys(dataDir)).toHaveLength(1)
      const after = columnCipher(loadKeyring({ dataDir }))
      expect(after.currentKeyId).not.toBe(before.currentKeyId)
      handle = openDatabase({ sqlitePath })
      const row = await handle.db.selectFrom('users').select(['rut', 'rut_hmac']).executeTakeFirstOrThrow()
      const factor = await handle.db.selectFrom('totp_factors').select('secret_sealed').executeTakeFirstOrThrow()
      await handle.destroy()
      const afterRing = loadKeyring({ dataDir })
      const sealedFactor = new Uint8Array(Buffer.from(factor.secret_sealed, 'base64url'))
      expect(sealedWith(sealedFactor)).toBe(afterRing.current.id)
      expect(unseal(afterRing, sealedFactor)).toEqual(totpSecret)
      expect(after.sealedWith(row.rut!)).toBe(after.currentKeyId)
      expect(after.open('rut', row.rut!)).toBe('16234567-2')
      expect(row.rut_hmac).toBe(after.hash('rut', '16.234.567-2'))
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
