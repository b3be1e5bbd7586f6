import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { computeCheckDigit, formatRut } from '#domain/rut'
import { engines } from '#services/testing/database'
import { codeFrom, createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { fileOf, sampleJpeg, samplePng } from '#services/users/driver-area/test-helpers'

/**
 * Decision 80: a driver's RUT, a bank account number and a vehicle owner's RUT, entered through the
 * product, are nowhere in clear in the database: not in the SQLite file nor its write-ahead log
 * (read as bytes), not in any PostgreSQL row (read as text), with or without dots and dash.
 */
const rut = (body: number) => `${body}-${computeCheckDigit(body)}`
const driverRut = rut(13579246)
const ownerRut = rut(21987654)
const account = '0007712345678'
/** Every spelling of a value someone could grep for. */
const spellings = (r: string) => [r, formatRut(r), r.replace('-', ''), formatRut(r).replace('-', '')]

describe.each(engines)('RUTs and account numbers at rest on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let headers: Record<string, string>

  beforeAll(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    const driver = {
      firstname: 'Camila',
      lastname: 'Pérez',
      rut: formatRut(driverRut),
      email: 'camila@example.cl',
      phone: '987654321',
      password: 'clave1234',
      acceptTerms: true,
    }
    const form = new FormData()
    form.set('data', JSON.stringify(driver))
    expect((await api.call('POST', '/users/register', { form })).status).toBe(201)
    const step = await api.post('/auth/login', { email: driver.email, password: driver.password })
    const mail = (await outbox(p, driver.email)).at(-1)!
    const verified = await api.post('/auth/validate-code-email-verification', {
      code: codeFrom(mail.body_text),
      token: step.body.email_one_time_token,
    })
    expect(verified.status).toBe(200)
    // What the session shows is the clear RUT (as the registration normalised it).
    expect(verified.body.rut).toBe(driverRut)
    headers = { 'auth-user': verified.body.token_jwt as string }

    const bank = await api.post(
      '/users/bank-details/add-bank-details',
      {
        account_holder_name: 'Camila Pérez',
        bank_name: 'Banco Estado',
        account_number: account,
        account_type: 'Cuenta Vista',
        receipt_issuance: 'Yo la emito',
        invoice_type: 'Boleta',
        sii_address: 'Av. Providencia 1234',
        phone: '56987654321',
        email: 'camila@example.cl',
      },
      headers,
    )
    expect(bank.status).toBe(201)

    const link = await api.post('/users/create-power-simple-link', undefined, headers)
    expect(link.status).toBe(201)
    const power = new FormData()
    const fields = {
      power: link.body.token as string,
      fullNameDriver: 'Camila Pérez',
      rutDriver: formatRut(driverRut),
      addressDriver: 'Los Aromos 45, Maipú',
      nationalityDriver: 'Chilena',
      vehicleBrand: 'Toyota',
      vehicleModel: 'Hiace',
      vehicleYear: '2019',
      vehicleLicensePlate: 'BBBB12',
      fullNameOwner: 'María José Muñoz',
      rutOwner: formatRut(ownerRut),
      addressOwner: 'Av. Grecia 123, Ñuñoa',
      nationalityOwner: 'Chilena',
      phoneOwner: '987654322',
      emailOwner: 'maria.munoz@gmail.com',
    }
    for (const [k, v] of Object.entries(fields)) power.set(k, v)
    power.set('files[cedula_identidad_frontal_owner]', fileOf(await samplePng(), 'frente.png', 'image/png'))
    power.set('files[cedula_identidad_posterior_owner]', fileOf(await sampleJpeg(), 'atras.jpg', 'image/jpeg'))
    expect((await api.call('POST', '/users/create-power-simple', { form: power })).status).toBe(201)
  }, 60_000)
  afterAll(async () => p?.destroy())

  it('the product still reads them and finds the RUT however it is written', async () => {
    const banks = await api.get('/users/bank-details/get-banks-details', headers)
    expect(banks.body.map((b: { account_number: string }) => b.account_number)).toEqual([account])
    // With or without dots (the schema wants the dash).
    for (const spelling of [driverRut, formatRut(driverRut)]) {
      const res = await api.post('/users/validate-rut-user', { rut: spelling })
      expect({ spelling, status: res.status }).toEqual({ spelling, status: 409 })
    }
    expect((await api.post('/users/validate-rut-user', { rut: formatRut(ownerRut) })).status).toBe(200)
  })

  /**
   * The one copy the columns do not cover: the WhatsApp text to the owner names the driver with the
   * account's RUT (decision 73), and the outbox keeps the text it sends. Counted, so any other copy fails.
   */
  async function outboxCopies(needle: string) {
    const rows = await p.db.selectFrom('outbox').select('body_text').execute()
    return rows.filter((r) => r.body_text.includes(needle)).length
  }

  it.runIf(engine === 'sqlite')('the database file and its write-ahead log hold none of them in clear', async () => {
    const dir = p.config.dataDir
    const read = () =>
      Buffer.concat(
        ['fleeters.db', 'fleeters.db-wal']
          .filter((f) => fs.existsSync(path.join(dir, f)))
          .map((f) => fs.readFileSync(path.join(dir, f))),
      )
    const count = (bytes: Buffer, needle: string) => {
      let n = 0
      for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) n++
      return n
    }
    // The log before a checkpoint, then the file after one.
    for (const bytes of [read(), await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(p.db).then(read)]) {
      expect(bytes.length).toBeGreaterThan(10_000)
      // The test reads what it thinks it reads: a value stored in clear is found.
      expect(bytes.includes('maria.munoz@gmail.com')).toBe(true)
      for (const needle of [account, ...spellings(ownerRut)])
        expect({ needle, found: bytes.includes(needle) }).toEqual({ needle, found: false })
      for (const needle of spellings(driverRut)) {
        expect({ needle, copies: count(bytes, needle) }).toEqual({ needle, copies: await outboxCopies(needle) })
      }
    }
    expect(await outboxCopies(formatRut(driverRut))).toBe(1)
  })

  it.runIf(engine === 'postgres')('no row of any table holds them in clear', async () => {
    const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(p.db)
    expect(tables.rows.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'bank_details', 'simple_powers']))
    let text = ''
    for (const { name } of tables.rows) {
      const rows = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(name)} t`.execute(
        p.db,
      )
      text += rows.rows.map((r) => r.row).join('\n')
    }
    expect(text).toContain('maria.munoz@gmail.com')
    for (const needle of [account, ...spellings(ownerRut)])
      expect({ needle, found: text.includes(needle) }).toEqual({ needle, found: false })
    for (const needle of spellings(driverRut)) {
      const copies = text.split(needle).length - 1
      expect({ needle, copies }).toEqual({ needle, copies: await outboxCopies(needle) })
    }
  })
})
