import { Hono } from 'hono'
import type { Selectable } from 'kysely'
import { BANK_NOT_SELECTED, BANK_SELECTED } from '#domain/reference-data/banking'
import { bankDetailsPayloadSchema, bankDetailsUpdatePayloadSchema, bankSelectionSchema, receiptInvoiceMismatch } from '#domain/validation/bank'
import type { AuthEnv } from '#services/platform/auth'
import type { BankDetailsTable } from '#services/platform/db/schema-driver-area'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError, parseId, validate } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { isUniqueViolation, notFound, readObject, requireDriver } from './shared'

export const BANK_SERVICE_MESSAGES = {
  created: 'Cuenta bancaria agregada correctamente.',
  updated: 'Cuenta bancaria actualizada correctamente.',
  deleted: 'Cuenta bancaria eliminada correctamente.',
  selected: 'Cuenta seleccionada correctamente.',
  keepOneSelected: 'Debe mantener una cuenta seleccionada. Seleccione otra cuenta para reemplazarla.',
  conflict: 'La selección cambió mientras se guardaba. Intente nuevamente.',
} as const

/** Spec §3 "Bank detail". */
export function toBankDetail(row: Selectable<BankDetailsTable>) {
  return {
    id_bank_detail: row.id,
    account_holder_name: row.account_holder_name,
    bank_name: row.bank_name,
    account_number: row.account_number,
    account_type: row.account_type,
    invoice_type: row.invoice_type,
    sii_address: row.sii_address,
    selected: row.selected,
    receipt_issuance: row.receipt_issuance,
    phone: row.phone,
    email: row.email,
  }
}

/** The form's name for the holder is accepted too (spec §3: name_account → account_holder_name). */
function withHolderName(body: Record<string, unknown>) {
  const { name_account, ...rest } = body
  return name_account !== undefined && rest.account_holder_name === undefined ? { ...rest, account_holder_name: name_account } : rest
}

export function bankDetailRoutes(p: Platform) {
  const app = new Hono<AuthEnv>()
  app.use('/bank-details/*', requireDriver(p))

  const own = (id: number, userId: number) => p.db.selectFrom('bank_details').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()

  app.get('/bank-details/get-banks-details', async (c) => {
    const rows = await p.db.selectFrom('bank_details').selectAll().where('user_id', '=', c.get('auth').userId).orderBy('id', 'asc').execute()
    return c.json(rows.map(toBankDetail))
  })

  app.get('/bank-details/get-bank-details-for-update/:id', async (c) => {
    const row = await own(parseId(c.req.param('id')), c.get('auth').userId)
    if (!row) throw notFound()
    return c.json(toBankDetail(row))
  })

  app.post('/bank-details/add-bank-details', async (c) => {
    const userId = c.get('auth').userId
    const input = validate(bankDetailsPayloadSchema, withHolderName(await readObject(c)))
    const now = p.now().toISOString()
    // The first account is the selected one; later ones wait to be chosen.
    const row = await inTransaction(p.db, async (trx) => {
      // One writer of this driver's accounts at a time, so two first accounts cannot both be selected.
      await lockUser(trx, p.dialect, userId)
      const selected = await trx.selectFrom('bank_details').select('id').where('user_id', '=', userId).where('selected', '=', BANK_SELECTED).executeTakeFirst()
      return trx
        .insertInto('bank_details')
        .values({ user_id: userId, ...input, selected: selected ? BANK_NOT_SELECTED : BANK_SELECTED, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow()
    })
    return c.json({ message: BANK_SERVICE_MESSAGES.created, bank_detail: toBankDetail(row) }, 201)
  })

  app.put('/bank-details/update-bank-details/:id', async (c) => {
    const id = parseId(c.req.param('id'))
    const userId = c.get('auth').userId
    const changes = validate(bankDetailsUpdatePayloadSchema, withHolderName(await readObject(c)))
    const row = await own(id, userId)
    if (!row) throw notFound()
    // Only one half of the receipt/invoice pair may be sent: check it against the stored other half.
    const mismatch = receiptInvoiceMismatch(changes.receipt_issuance ?? row.receipt_issuance, changes.invoice_type ?? row.invoice_type)
    if (mismatch) throw new ApiError(400, mismatch)
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
    const updated = await p.db
      .updateTable('bank_details')
      .set({ ...defined, updated_at: p.now().toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow()
    return c.json({ message: BANK_SERVICE_MESSAGES.updated, bank_detail: toBankDetail(updated) })
  })

  app.put('/bank-details/change-select-bank/:id', async (c) => {
    const id = parseId(c.req.param('id'))
    const userId = c.get('auth').userId
    const { selected } = validate(bankSelectionSchema, await readObject(c))
    try {
      await inTransaction(p.db, async (trx) => {
        await lockUser(trx, p.dialect, userId)
        const row = await trx.selectFrom('bank_details').select(['id', 'selected']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
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
        await trx.updateTable('bank_details').set({ selected: BANK_SELECTED, updated_at: now }).where('id', '=', id).execute()
      })
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, BANK_SERVICE_MESSAGES.conflict)
      throw err
    }
    return c.json({ message: BANK_SERVICE_MESSAGES.selected, id_bank_detail: id, selected })
  })

  app.delete('/bank-details/delete-bank-details/:id', async (c) => {
    const id = parseId(c.req.param('id'))
    const userId = c.get('auth').userId
    await inTransaction(p.db, async (trx) => {
      await lockUser(trx, p.dialect, userId)
      const row = await trx.selectFrom('bank_details').select(['id', 'selected']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()
      if (!row) throw notFound()
      await trx.deleteFrom('bank_details').where('id', '=', id).execute()
      if (row.selected !== BANK_SELECTED) return
      // The selected account went: the newest remaining one takes its place.
      const next = await trx.selectFrom('bank_details').select('id').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst()
      if (next) await trx.updateTable('bank_details').set({ selected: BANK_SELECTED, updated_at: p.now().toISOString() }).where('id', '=', next.id).execute()
    })
    return c.json({ message: BANK_SERVICE_MESSAGES.deleted })
  })

  return app
}
