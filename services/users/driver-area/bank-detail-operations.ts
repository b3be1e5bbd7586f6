import type { Selectable } from 'kysely'
import { BANK_NOT_SELECTED, BANK_SELECTED } from '#domain/reference-data/banking'
import {
  receiptInvoiceMismatch,
  type BankDetailsPayload,
  type BankDetailsUpdatePayload,
  type BankSelectionValues,
} from '#domain/validation/bank'
import type { ColumnCipher } from '#services/platform/column-crypto'
import type { BankDetailsTable } from '#services/platform/db/schema-driver-area'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { isUniqueViolation, notFound, type DriverActor } from './shared'

/**
 * A driver's bank accounts as operations `(platform, driver, input) → result`: the list, one
 * account, adding, changing, choosing and removing one. Exactly one account of a driver is the
 * selected one once there is any: the writes that could break that take the driver's lock. An
 * account that is not the driver's does not exist for them (404). The routes (bank-details.ts)
 * read the driver of the session and the validated input and answer with the result; tests and
 * scripts call the operations directly.
 */

export const BANK_SERVICE_MESSAGES = {
  created: 'Cuenta bancaria agregada correctamente.',
  updated: 'Cuenta bancaria actualizada correctamente.',
  deleted: 'Cuenta bancaria eliminada correctamente.',
  selected: 'Cuenta seleccionada correctamente.',
  keepOneSelected: 'Debes mantener una cuenta seleccionada. Selecciona otra cuenta para reemplazarla.',
  conflict: 'La selección cambió mientras se guardaba. Intenta nuevamente.',
} as const

/** One of the driver's accounts, by the id of the call's path. */
interface BankDetailId {
  id: number
}

/** Spec §3 "Bank detail"; the account number is stored encrypted (decision 80). */
function toBankDetail(columns: ColumnCipher, row: Selectable<BankDetailsTable>) {
  return {
    id_bank_detail: row.id,
    account_holder_name: row.account_holder_name,
    bank_name: row.bank_name,
    account_number: columns.open('account_number', row.account_number),
    account_type: row.account_type,
    invoice_type: row.invoice_type,
    sii_address: row.sii_address,
    selected: row.selected,
    receipt_issuance: row.receipt_issuance,
    phone: row.phone,
    email: row.email,
  }
}

const own = (p: Pick<Platform, 'db'>, id: number, userId: number) =>
  p.db.selectFrom('bank_details').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()

/** The driver's accounts, oldest first. */
export async function listBankDetails(p: Pick<Platform, 'db' | 'columns'>, driver: DriverActor) {
  const rows = await p.db
    .selectFrom('bank_details')
    .selectAll()
    .where('user_id', '=', driver.userId)
    .orderBy('id', 'asc')
    .execute()
  return rows.map((row) => toBankDetail(p.columns, row))
}

/** One of the driver's accounts, for its edit form; 404 for none. */
export async function readBankDetail(p: Pick<Platform, 'db' | 'columns'>, driver: DriverActor, { id }: BankDetailId) {
  const row = await own(p, id, driver.userId)
  if (!row) throw notFound()
  return toBankDetail(p.columns, row)
}

/** Adds an account: the driver's first one is the selected one, later ones wait to be chosen. */
export async function addBankDetail(
  p: Pick<Platform, 'db' | 'dialect' | 'columns' | 'now'>,
  driver: DriverActor,
  input: BankDetailsPayload,
) {
  const { userId } = driver
  const now = p.now().toISOString()
  const row = await inTransaction(p.db, async (trx) => {
    // One writer of this driver's accounts at a time, so two first accounts cannot both be selected.
    await lockUser(trx, p.dialect, userId)
    const selected = await trx
      .selectFrom('bank_details')
      .select('id')
      .where('user_id', '=', userId)
      .where('selected', '=', BANK_SELECTED)
      .executeTakeFirst()
    return trx
      .insertInto('bank_details')
      .values({
        user_id: userId,
        ...input,
        account_number: p.columns.seal('account_number', input.account_number),
        selected: selected ? BANK_NOT_SELECTED : BANK_SELECTED,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
  })
  return { message: BANK_SERVICE_MESSAGES.created, bank_detail: toBankDetail(p.columns, row) }
}

/**
 * Changes the fields sent of one of the driver's accounts; 400 for a receipt and invoice that
 * disagree, 404 for none.
 */
export async function updateBankDetail(
  p: Pick<Platform, 'db' | 'columns' | 'now'>,
  driver: DriverActor,
  { id, changes }: BankDetailId & { changes: BankDetailsUpdatePayload },
) {
  const { userId } = driver
  const row = await own(p, id, userId)
  if (!row) throw notFound()
  // Only one half of the receipt/invoice pair may be sent: check it against the stored other half.
  const mismatch = receiptInvoiceMismatch(
    changes.receipt_issuance ?? row.receipt_issuance,
    changes.invoice_type ?? row.invoice_type,
  )
  if (mismatch) throw new ApiError(400, mismatch)
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
  if (changes.account_number !== undefined)
    defined.account_number = p.columns.seal('account_number', changes.account_number)
  const updated = await p.db
    .updateTable('bank_details')
    .set({ ...defined, updated_at: p.now().toISOString() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow()
  return { message: BANK_SERVICE_MESSAGES.updated, bank_detail: toBankDetail(p.columns, updated) }
}

/**
 * Makes one of the driver's accounts the selected one, the others not. Unselecting the selected
 * account is 409 (another one has to be chosen instead); unselecting another one changes nothing.
 */
export async function selectBankDetail(
  p: Pick<Platform, 'db' | 'dialect' | 'now'>,
  driver: DriverActor,
  { id, selected }: BankDetailId & BankSelectionValues,
) {
  const { userId } = driver
  try {
    await inTransaction(p.db, async (trx) => {
      await lockUser(trx, p.dialect, userId)
      const row = await trx
        .selectFrom('bank_details')
        .select(['id', 'selected'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!row) throw notFound()
      if (selected === BANK_NOT_SELECTED) {
        // Exactly one account stays selected: another one has to be chosen instead.
        if (row.selected === BANK_SELECTED) throw new ApiError(409, BANK_SERVICE_MESSAGES.keepOneSelected)
        return
      }
      const now = p.now().toISOString()
      await trx
        .updateTable('bank_details')
        .set({ selected: BANK_NOT_SELECTED, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '!=', id)
        .where('selected', '=', BANK_SELECTED)
        .execute()
      await trx
        .updateTable('bank_details')
        .set({ selected: BANK_SELECTED, updated_at: now })
        .where('id', '=', id)
        .execute()
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, BANK_SERVICE_MESSAGES.conflict)
    throw err
  }
  return { message: BANK_SERVICE_MESSAGES.selected, id_bank_detail: id, selected }
}

/** Removes one of the driver's accounts; when it was the selected one, the newest remaining one takes its place. */
export async function deleteBankDetail(
  p: Pick<Platform, 'db' | 'dialect' | 'now'>,
  driver: DriverActor,
  { id }: BankDetailId,
) {
  const { userId } = driver
  await inTransaction(p.db, async (trx) => {
    await lockUser(trx, p.dialect, userId)
    const row = await trx
      .selectFrom('bank_details')
      .select(['id', 'selected'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!row) throw notFound()
    await trx.deleteFrom('bank_details').where('id', '=', id).execute()
    if (row.selected !== BANK_SELECTED) return
    // The selected account went: the newest remaining one takes its place.
    const next = await trx
      .selectFrom('bank_details')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (next)
      await trx
        .updateTable('bank_details')
        .set({ selected: BANK_SELECTED, updated_at: p.now().toISOString() })
        .where('id', '=', next.id)
        .execute()
  })
  return { message: BANK_SERVICE_MESSAGES.deleted }
}
