import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BANK_NOT_SELECTED, BANK_SELECTED } from '#domain/reference-data/banking'
import { BANK_MESSAGES, bankDetailsPayloadSchema } from '#domain/validation/bank'
import { MESSAGES } from '#services/platform/http'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import {
  addBankDetail,
  BANK_SERVICE_MESSAGES,
  deleteBankDetail,
  listBankDetails,
  readBankDetail,
  selectBankDetail,
  updateBankDetail,
} from './bank-detail-operations'
import type { DriverActor } from './shared'
import { platformWithDrivers } from './test-helpers'

/** An account as the add form's schema gives it. */
const account = bankDetailsPayloadSchema.parse({
  account_holder_name: 'Camila Pérez',
  bank_name: 'Banco Estado',
  account_number: '123456789',
  account_type: 'Cuenta Rut',
  receipt_issuance: 'Yo la emito',
  invoice_type: 'Boleta',
  sii_address: 'Av. Providencia 1234',
  phone: '56987654321',
  email: 'camila@example.cl',
})

/** The bank detail operations called as a script would call them, without a route in between. */
describe.each(engines)('bank detail operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let pedro: DriverActor

  beforeEach(async () => ({ p, camila, pedro } = await platformWithDrivers(engine)))
  afterEach(async () => p.destroy())

  /** The driver's rows as stored: id → selected. */
  const stored = async (driver: DriverActor) =>
    Object.fromEntries(
      (
        await p.db.selectFrom('bank_details').select(['id', 'selected']).where('user_id', '=', driver.userId).execute()
      ).map((r) => [r.id, r.selected]),
    )

  it('adds accounts, the first one selected, with the number stored sealed', async () => {
    const first = await addBankDetail(p, camila, account)
    expect(first).toEqual({
      message: BANK_SERVICE_MESSAGES.created,
      bank_detail: { ...account, id_bank_detail: expect.any(Number), selected: BANK_SELECTED },
    })
    const second = await addBankDetail(p, camila, { ...account, bank_name: 'Banco de Chile' })
    const [id1, id2] = [first.bank_detail.id_bank_detail, second.bank_detail.id_bank_detail]
    expect(await stored(camila)).toEqual({ [id1]: BANK_SELECTED, [id2]: BANK_NOT_SELECTED })
    const row = await p.db.selectFrom('bank_details').selectAll().where('id', '=', id1).executeTakeFirstOrThrow()
    expect(row.account_number).not.toContain(account.account_number)
    expect((await listBankDetails(p, camila)).map((b) => [b.id_bank_detail, b.account_number])).toEqual([
      [id1, account.account_number],
      [id2, account.account_number],
    ])
    expect(await listBankDetails(p, pedro)).toEqual([])
  })

  it('updates only the fields sent, checking the receipt/invoice rule against the stored half', async () => {
    const { id_bank_detail: id } = (await addBankDetail(p, camila, account)).bank_detail
    await expect(updateBankDetail(p, camila, { id, changes: { invoice_type: 'Factura' } })).rejects.toMatchObject({
      status: 400,
      messages: BANK_MESSAGES.needsBoleta,
    })
    expect(await updateBankDetail(p, camila, { id, changes: { bank_name: 'Banco BCI' } })).toMatchObject({
      message: BANK_SERVICE_MESSAGES.updated,
      bank_detail: { ...account, bank_name: 'Banco BCI' },
    })
    const row = await p.db
      .selectFrom('bank_details')
      .select(['bank_name', 'invoice_type', 'email'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ bank_name: 'Banco BCI', invoice_type: 'Boleta', email: account.email })
  })

  it('moves the selection, keeps one selected, and hands it on when the selected account goes', async () => {
    const id1 = (await addBankDetail(p, camila, account)).bank_detail.id_bank_detail
    const id2 = (await addBankDetail(p, camila, account)).bank_detail.id_bank_detail
    const id3 = (await addBankDetail(p, camila, account)).bank_detail.id_bank_detail

    expect(await selectBankDetail(p, camila, { id: id2, selected: BANK_SELECTED })).toEqual({
      message: BANK_SERVICE_MESSAGES.selected,
      id_bank_detail: id2,
      selected: BANK_SELECTED,
    })
    expect(await stored(camila)).toEqual({ [id1]: BANK_NOT_SELECTED, [id2]: BANK_SELECTED, [id3]: BANK_NOT_SELECTED })
    await expect(selectBankDetail(p, camila, { id: id2, selected: BANK_NOT_SELECTED })).rejects.toMatchObject({
      status: 409,
      messages: BANK_SERVICE_MESSAGES.keepOneSelected,
    })

    // The newest remaining account takes the selection.
    expect(await deleteBankDetail(p, camila, { id: id2 })).toEqual({ message: BANK_SERVICE_MESSAGES.deleted })
    expect(await stored(camila)).toEqual({ [id1]: BANK_NOT_SELECTED, [id3]: BANK_SELECTED })
    await deleteBankDetail(p, camila, { id: id1 })
    expect(await stored(camila)).toEqual({ [id3]: BANK_SELECTED })
  })

  it("treats another driver's account as none, changing nothing", async () => {
    const { id_bank_detail: id } = (await addBankDetail(p, camila, account)).bank_detail
    const notFound = { status: 404, messages: MESSAGES.notFound }
    await expect(readBankDetail(p, pedro, { id })).rejects.toMatchObject(notFound)
    await expect(updateBankDetail(p, pedro, { id, changes: { bank_name: 'Banco BCI' } })).rejects.toMatchObject(
      notFound,
    )
    await expect(selectBankDetail(p, pedro, { id, selected: BANK_SELECTED })).rejects.toMatchObject(notFound)
    await expect(deleteBankDetail(p, pedro, { id })).rejects.toMatchObject(notFound)
    expect(await readBankDetail(p, camila, { id })).toMatchObject({
      bank_name: 'Banco Estado',
      selected: BANK_SELECTED,
    })
  })
})
