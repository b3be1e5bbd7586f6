import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BANK_MESSAGES, TODOS_LOS_CAMPOS } from '#domain/validation/bank'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { BANK_SERVICE_MESSAGES } from './bank-detail-operations'
import { userWithSession } from './test-helpers'

const BASE = '/users/bank-details'
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

describe.each(engines)('bank details on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const selection = async (headers: Record<string, string>) =>
    Object.fromEntries(
      (await api.get(`${BASE}/get-banks-details`, headers)).body.map(
        (b: { id_bank_detail: number; selected: string }) => [b.id_bank_detail, b.selected],
      ),
    )

  it('adds accounts (the first one selected), switches, updates changed fields and deletes', async () => {
    const a = await userWithSession(p)
    const first = await api.post(`${BASE}/add-bank-details`, account, a.headers)
    expect(first.status).toBe(201)
    expect(first.body.bank_detail).toMatchObject({ ...account, selected: 'Seleccionado' })
    // The form's field name is accepted as well; edit-form lowercase variants are canonicalised.
    const { account_holder_name: _h, ...rest } = account
    const second = await api.post(
      `${BASE}/add-bank-details`,
      {
        ...rest,
        name_account: 'Cuenta dos',
        account_type: 'cuenta vista',
        receipt_issuance: 'No emitiré boleta, emitiré factura',
        invoice_type: 'Factura',
      },
      a.headers,
    )
    expect(second.body.bank_detail).toMatchObject({
      account_holder_name: 'Cuenta dos',
      account_type: 'Cuenta Vista',
      selected: 'No Seleccionado',
    })
    const [id1, id2] = [first.body.bank_detail.id_bank_detail, second.body.bank_detail.id_bank_detail]

    const change = await api.put(
      `${BASE}/change-select-bank/${id2}`,
      { id_bank_detail: id2, selected: 'Seleccionado' },
      a.headers,
    )
    expect(change.status).toBe(200)
    expect(await selection(a.headers)).toEqual({ [id1]: 'No Seleccionado', [id2]: 'Seleccionado' })
    const unselect = await api.put(`${BASE}/change-select-bank/${id2}`, { selected: 'No Seleccionado' }, a.headers)
    expect([unselect.status, unselect.body.message]).toEqual([409, BANK_SERVICE_MESSAGES.keepOneSelected])
    expect(
      (await api.put(`${BASE}/change-select-bank/${id1}`, { selected: 'No Seleccionado' }, a.headers)).status,
    ).toBe(200)
    expect((await api.put(`${BASE}/change-select-bank/${id1}`, { selected: 'Tal vez' }, a.headers)).status).toBe(400)

    const updated = await api.put(`${BASE}/update-bank-details/${id1}`, { bank_name: 'Banco de Chile' }, a.headers)
    expect(updated.status).toBe(200)
    expect(updated.body.bank_detail).toMatchObject({ ...account, bank_name: 'Banco de Chile' })
    expect((await api.get(`${BASE}/get-bank-details-for-update/${id1}`, a.headers)).body.bank_name).toBe(
      'Banco de Chile',
    )

    // Deleting the selected account hands the selection to the remaining one.
    expect((await api.delete(`${BASE}/delete-bank-details/${id2}`, a.headers)).status).toBe(200)
    expect(await selection(a.headers)).toEqual({ [id1]: 'Seleccionado' })
    expect((await api.delete(`${BASE}/delete-bank-details/${id2}`, a.headers)).status).toBe(404)
  })

  it('checks the receipt/invoice rule against the stored half on a partial update', async () => {
    const a = await userWithSession(p)
    const id = (await api.post(`${BASE}/add-bank-details`, account, a.headers)).body.bank_detail.id_bank_detail
    const bad = await api.put(`${BASE}/update-bank-details/${id}`, { invoice_type: 'Factura' }, a.headers)
    expect([bad.status, bad.body.message]).toEqual([400, BANK_MESSAGES.needsBoleta])
    const both = await api.put(
      `${BASE}/update-bank-details/${id}`,
      { invoice_type: 'Factura', receipt_issuance: 'No emitiré boleta, emitiré factura' },
      a.headers,
    )
    expect(both.status).toBe(200)
    const none = await api.put(`${BASE}/update-bank-details/${id}`, {}, a.headers)
    expect([none.status, none.body.message]).toEqual([400, BANK_MESSAGES.noChanges])
    expect((await api.put(`${BASE}/update-bank-details/${id}`, { phone: '123' }, a.headers)).status).toBe(400)
  })

  it.each([
    [{ account_holder_name: '' }, TODOS_LOS_CAMPOS],
    [{ account_holder_name: 'x'.repeat(51) }, BANK_MESSAGES.holderMax],
    [{ account_number: '12a45' }, BANK_MESSAGES.accountDigits],
    [{ account_number: '12' }, BANK_MESSAGES.accountMin],
    [{ phone: '' }, BANK_MESSAGES.phoneRequired],
    [{ phone: '5698765432' }, BANK_MESSAGES.phoneMin],
    [{ phone: '569876543210' }, BANK_MESSAGES.phoneMax],
    [{ phone: '56887654321' }, BANK_MESSAGES.phonePrefix],
    [{ phone: '56912345678' }, 'El teléfono no puede contener secuencias como 0000 o 1234'],
    [{ email: 'yo@fleeters.cl' }, BANK_MESSAGES.emailInvalid],
    [{ email: `${'a'.repeat(75)}@ex.cl` }, BANK_MESSAGES.emailMax],
    [{ bank_name: 'Banco Inventado' }, BANK_MESSAGES.invalidOption],
    [{ sii_address: 'x'.repeat(201) }, BANK_MESSAGES.siiAddressMax],
    [{ receipt_issuance: 'No emitiré boleta, emitiré factura' }, BANK_MESSAGES.needsFactura],
    [{ invoice_type: 'Factura' }, BANK_MESSAGES.needsBoleta],
  ])('refuses %j with a Spanish 400 and writes nothing', async (change, message) => {
    const a = await userWithSession(p)
    const res = await api.post(`${BASE}/add-bank-details`, { ...account, ...change }, a.headers)
    expect(res.status).toBe(400)
    expect(([] as string[]).concat(res.body.message)).toContain(message)
    expect(await p.db.selectFrom('bank_details').select('id').execute()).toHaveLength(0)
  })

  it('keeps at most one selected account even when the database is asked directly', async () => {
    const a = await userWithSession(p)
    const id = (await api.post(`${BASE}/add-bank-details`, account, a.headers)).body.bank_detail.id_bank_detail
    const row = await p.db.selectFrom('bank_details').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const { id: _id, ...copy } = row
    await expect(p.db.insertInto('bank_details').values(copy).execute()).rejects.toThrow()
  })

  it("keeps each driver's accounts private", async () => {
    const a = await userWithSession(p)
    const b = await userWithSession(p)
    const id = (await api.post(`${BASE}/add-bank-details`, account, a.headers)).body.bank_detail.id_bank_detail
    expect((await api.get(`${BASE}/get-banks-details`, b.headers)).body).toEqual([])
    expect((await api.get(`${BASE}/get-bank-details-for-update/${id}`, b.headers)).status).toBe(404)
    expect((await api.put(`${BASE}/update-bank-details/${id}`, { bank_name: 'Banco BCI' }, b.headers)).status).toBe(404)
    expect((await api.put(`${BASE}/change-select-bank/${id}`, { selected: 'Seleccionado' }, b.headers)).status).toBe(
      404,
    )
    expect((await api.delete(`${BASE}/delete-bank-details/${id}`, b.headers)).status).toBe(404)
    expect((await api.get(`${BASE}/get-bank-details-for-update/${id}`, a.headers)).body.bank_name).toBe('Banco Estado')
  })

  it('answers 401 without a token and 403 to a company', async () => {
    const company = await userWithSession(p, 'business')
    expect((await api.get(`${BASE}/get-banks-details`)).status).toBe(401)
    expect((await api.post(`${BASE}/add-bank-details`, account)).status).toBe(401)
    for (const [method, path] of [
      ['GET', '/get-banks-details'],
      ['POST', '/add-bank-details'],
      ['PUT', '/change-select-bank/1'],
      ['PUT', '/update-bank-details/1'],
      ['DELETE', '/delete-bank-details/1'],
      ['GET', '/get-bank-details-for-update/1'],
    ]) {
      expect(
        (
          await api.call(method!, `${BASE}${path}`, {
            json: method === 'GET' || method === 'DELETE' ? undefined : account,
            headers: company.headers,
          })
        ).status,
      ).toBe(403)
    }
  })
})
