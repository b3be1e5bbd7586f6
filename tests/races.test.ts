import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { codeFrom, createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { AUTH_MESSAGES } from '#services/users/auth-operations'
import { fileOf, formWith, samplePng, userWithSession } from '#services/users/driver-area/test-helpers'

/**
 * Simultaneous requests on the same rows answer a rule (2xx or a Spanish
 * 4xx), never a 500, and leave the data consistent. Run on every engine (PostgreSQL with
 * TEST_DATABASE_URL): on SQLite the writers are serialised anyway, on PostgreSQL they really race.
 */
const BANK = '/users/bank-details'
const account = {
  account_holder_name: 'Camila Pérez',
  bank_name: 'Banco Estado',
  account_number: '123456789',
  account_type: 'Cuenta Rut',
  receipt_issuance: 'Yo la emito',
  invoice_type: 'Boleta',
  sii_address: 'Av. Providencia 1234',
  phone: '56987654321',
  email: 'camila@example.cl',
}

type Result = { status: number; body: any }
const statusesOf = (results: Result[]) =>
  results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {})

describe.each(engines)('races on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeAll(async () => {
    p = await createTestPlatform(engine, { RATE_LIMIT_FACTOR: '1000' })
    api = testClient(p)
  })
  afterAll(async () => p.destroy())

  const selectedOf = async (userId: number) =>
    p.db.selectFrom('bank_details').select(['id', 'selected']).where('user_id', '=', userId).execute()

  it('20 simultaneous add-bank-details: every one answered by a rule, one account selected', async () => {
    const a = await userWithSession(p)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.post(`${BANK}/add-bank-details`, account, a.headers)),
    )
    console.info(`[races ${engine}] add-bank-details ×20: ${JSON.stringify(statusesOf(results))}`)
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    const rows = await selectedOf(a.user.id)
    expect(rows).toHaveLength(results.filter((r) => r.status === 201).length)
    expect(rows.filter((r) => r.selected === 'Seleccionado')).toHaveLength(1)
  })

  it('60 simultaneous selections: no deadlock answers 500, exactly one account selected', async () => {
    const a = await userWithSession(p)
    const ids: number[] = []
    for (let i = 0; i < 4; i++)
      ids.push((await api.post(`${BANK}/add-bank-details`, account, a.headers)).body.bank_detail.id_bank_detail)
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api.put(`${BANK}/change-select-bank/${ids[i % ids.length]}`, { selected: 'Seleccionado' }, a.headers),
      ),
    )
    console.info(`[races ${engine}] change-select-bank ×60: ${JSON.stringify(statusesOf(results))}`)
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    expect((await selectedOf(a.user.id)).filter((r) => r.selected === 'Seleccionado')).toHaveLength(1)
  })

  it('deleting the selected account while selecting others: no 500, one account still selected', async () => {
    const a = await userWithSession(p)
    const ids: number[] = []
    for (let i = 0; i < 14; i++)
      ids.push((await api.post(`${BANK}/add-bank-details`, account, a.headers)).body.bank_detail.id_bank_detail)
    const results: Result[] = []
    // Each round deletes the account that is selected now while two others are being selected.
    for (let round = 0; round < 12; round++) {
      const selected = (await selectedOf(a.user.id)).find((r) => r.selected === 'Seleccionado')!.id
      const others = (await selectedOf(a.user.id)).filter((r) => r.id !== selected).map((r) => r.id)
      results.push(
        ...(await Promise.all([
          api.delete(`${BANK}/delete-bank-details/${selected}`, a.headers),
          api.put(`${BANK}/change-select-bank/${others[round % 2]}`, { selected: 'Seleccionado' }, a.headers),
        ])),
      )
    }
    console.info(
      `[races ${engine}] delete-selected + select ×${results.length}: ${JSON.stringify(statusesOf(results))}`,
    )
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    const rows = await selectedOf(a.user.id)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.filter((r) => r.selected === 'Seleccionado')).toHaveLength(1)
  })

  it('20 simultaneous profile-photo replacements leave one row and one file', async () => {
    const a = await userWithSession(p)
    const png = await samplePng(64, 64)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', '/users/update-profile-image', {
          form: formWith({ newProfileImage: fileOf(png, 'yo.png', 'image/png') }),
          headers: a.headers,
        }),
      ),
    )
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    const rows = await p.db
      .selectFrom('profile_images')
      .select(['id', 'storage_key'])
      .where('user_id', '=', a.user.id)
      .execute()
    const dir = path.join(p.config.dataDir, 'uploads', 'profile-images')
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : []
    const user = await p.db
      .selectFrom('users')
      .select('img_profile')
      .where('id', '=', a.user.id)
      .executeTakeFirstOrThrow()
    console.info(
      `[races ${engine}] profile photo ×20: ${JSON.stringify(statusesOf(results))}, ${rows.length} ` +
        `row(s), ${files.length} file(s)`,
    )
    expect(rows).toHaveLength(1)
    expect(files).toEqual([path.basename(rows[0]!.storage_key)])
    expect(user.img_profile).toBe(`/users/profile-image/${rows[0]!.id}`)
  })

  it('30 simultaneous wrong email codes: at most 5 are evaluated', async () => {
    const email = `codigo-${engine}@example.cl`
    const form = new FormData()
    form.set(
      'data',
      JSON.stringify({
        firstname: 'Ana',
        lastname: 'Rojas',
        rut: '11111111-1',
        email,
        phone: '987654329',
        password: 'clave1234',
        acceptTerms: true,
      }),
    )
    expect((await api.call('POST', '/users/register', { form })).status).toBe(201)
    const step = await api.post('/auth/login', { email, password: 'clave1234' })
    const token = step.body.email_one_time_token as string
    const right = codeFrom((await outbox(p, email)).at(-1)!.body_text)
    const wrong = right === '000000' ? '111111' : '000000'
    const results = await Promise.all(
      Array.from({ length: 30 }, () => api.post('/auth/validate-code-email-verification', { code: wrong, token })),
    )
    // An evaluated attempt answers 400 (wrong code, or wrong and now locked); the rest 429 unseen.
    const evaluated = results.filter((r) => r.status === 400).length
    console.info(`[races ${engine}] wrong codes ×30: ${JSON.stringify(statusesOf(results))}, evaluated ${evaluated}`)
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    expect(evaluated).toBeLessThanOrEqual(5)
    expect(results.filter((r) => r.status === 429).every((r) => r.body.message === AUTH_MESSAGES.codeLocked)).toBe(true)
    const row = await p.db
      .selectFrom('email_verifications')
      .select('attempts')
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row.attempts).toBe(5)
    // Locked: even the right code is refused now.
    expect((await api.post('/auth/validate-code-email-verification', { code: right, token })).status).toBe(429)
  })
})
