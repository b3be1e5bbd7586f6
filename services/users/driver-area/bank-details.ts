import type { Selectable } from 'kysely'
import { z } from 'zod'
import { okMessageSchema } from '#domain/contract/common'
import { bankDetailSavedSchema, bankDetailSchema, bankSelectedSchema } from '#domain/contract/users'
import { BANK_NOT_SELECTED, BANK_SELECTED } from '#domain/reference-data/banking'
import {
  bankDetailsPayloadSchema,
  bankDetailsUpdatePayloadSchema,
  bankSelectionSchema,
  receiptInvoiceMismatch,
} from '#domain/validation/bank'
import type { AuthEnv } from '#services/platform/auth'
import type { ColumnCipher } from '#services/platform/column-crypto'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { BankDetailsTable } from '#services/platform/db/schema-driver-area'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { isUniqueViolation, notFound, requireDriver, unwrapData } from './shared'

export const BANK_SERVICE_MESSAGES = {
  created: 'Cuenta bancaria agregada correctamente.',
  updated: 'Cuenta bancaria actualizada correctamente.',
  deleted: 'Cuenta bancaria eliminada correctamente.',
  selected: 'Cuenta seleccionada correctamente.',
  keepOneSelected: 'Debes mantener una cuenta seleccionada. Selecciona otra cuenta para reemplazarla.',
  conflict: 'La selección cambió mientras se guardaba. Intenta nuevamente.',
} as const

/** Spec §3 "Bank detail"; the account number is stored encrypted (decision 80). */
export function toBankDetail(columns: ColumnCipher, row: Selectable<BankDetailsTable>) {
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

/** The form's name for the holder is accepted too (spec §3: name_account → account_holder_name). */
function withHolderName(raw: unknown) {
  const { name_account, ...rest } = unwrapData(raw)
  return name_account !== undefined && rest.account_holder_name === undefined
    ? { ...rest, account_holder_name: name_account }
    : rest
}

export function bankDetailRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const holder = 'El nombre del titular también se acepta como name_account.'
  app.use('/bank-details/*', requireDriver(p))

  const own = (id: number, userId: number) =>
    p.db.selectFrom('bank_details').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/bank-details/get-banks-details',
      operationId: 'listBankDetails',
      tags,
      summary: 'Las cuentas bancarias del conductor',
      responses: { 200: jsonResponse(z.array(bankDetailSchema), 'Lista'), ...errors(401, 403) },
    },
    async (c) => {
      const rows = await p.db
        .selectFrom('bank_details')
        .selectAll()
        .where('user_id', '=', c.get('auth').userId)
        .orderBy('id', 'asc')
        .execute()
      return c.json(rows.map((row) => toBankDetail(p.columns, row)))
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/bank-details/get-bank-details-for-update/{id}',
      operationId: 'getBankDetail',
      tags,
      summary: 'Una cuenta, para editarla',
      request: { params: idParams },
      responses: { 200: jsonResponse(bankDetailSchema, 'Cuenta'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const row = await own(c.req.valid('param').id, c.get('auth').userId)
      if (!row) throw notFound()
      return c.json(toBankDetail(p.columns, row))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/bank-details/add-bank-details',
      operationId: 'addBankDetail',
      tags,
      summary: 'Agrega una cuenta (la primera queda seleccionada)',
      request: { body: jsonBody(bankDetailsPayloadSchema, { prepare: withHolderName, description: holder }) },
      responses: { 201: jsonResponse(bankDetailSavedSchema, 'Cuenta agregada'), ...errors(400, 401, 403, 409) },
    },
    async (c) => {
      const userId = c.get('auth').userId
      const input = c.req.valid('json')
      const now = p.now().toISOString()
      // The first account is the selected one; later ones wait to be chosen.
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
      return c.json({ message: BANK_SERVICE_MESSAGES.created, bank_detail: toBankDetail(p.columns, row) }, 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/bank-details/update-bank-details/{id}',
      operationId: 'updateBankDetail',
      tags,
      summary: 'Actualiza los campos enviados de una cuenta',
      request: {
        params: idParams,
        body: jsonBody(bankDetailsUpdatePayloadSchema, { prepare: withHolderName, description: holder }),
      },
      responses: { 200: jsonResponse(bankDetailSavedSchema, 'Cuenta actualizada'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const userId = c.get('auth').userId
      const changes = c.req.valid('json')
      const row = await own(id, userId)
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
      return c.json({ message: BANK_SERVICE_MESSAGES.updated, bank_detail: toBankDetail(p.columns, updated) })
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/bank-details/change-select-bank/{id}',
      operationId: 'selectBankDetail',
      tags,
      summary: 'Marca la cuenta como seleccionada (o no seleccionada)',
      request: { params: idParams, body: jsonBody(bankSelectionSchema, { prepare: unwrapData }) },
      responses: { 200: jsonResponse(bankSelectedSchema, 'Selección guardada'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const userId = c.get('auth').userId
      const { selected } = c.req.valid('json')
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
      return c.json({ message: BANK_SERVICE_MESSAGES.selected, id_bank_detail: id, selected })
    },
  )

  defineRoute(
    app,
    {
      method: 'delete',
      path: '/bank-details/delete-bank-details/{id}',
      operationId: 'deleteBankDetail',
      tags,
      summary: 'Elimina una cuenta (si era la seleccionada, se selecciona otra)',
      request: { params: idParams },
      responses: { 200: jsonResponse(okMessageSchema, 'Cuenta eliminada'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const userId = c.get('auth').userId
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
      return c.json({ message: BANK_SERVICE_MESSAGES.deleted })
    },
  )

  return app
}
