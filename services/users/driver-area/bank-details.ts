import { z } from 'zod'
import { okMessageSchema } from '#domain/contract/common'
import { bankDetailSavedSchema, bankDetailSchema, bankSelectedSchema } from '#domain/contract/users'
import { bankDetailsPayloadSchema, bankDetailsUpdatePayloadSchema, bankSelectionSchema } from '#domain/validation/bank'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import {
  addBankDetail,
  deleteBankDetail,
  listBankDetails,
  readBankDetail,
  selectBankDetail,
  updateBankDetail,
} from './bank-detail-operations'
import { driverActor, requireDriver, unwrapData } from './shared'

/** The form's name for the holder is accepted too (spec §3: name_account → account_holder_name). */
function withHolderName(raw: unknown) {
  const { name_account, ...rest } = unwrapData(raw)
  return name_account !== undefined && rest.account_holder_name === undefined
    ? { ...rest, account_holder_name: name_account }
    : rest
}

/**
 * The driver's bank accounts. Each handler reads the driver of the session and the validated
 * input, and answers what one operation of bank-detail-operations.ts returns.
 */
export function bankDetailRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const holder = 'El nombre del titular también se acepta como name_account.'
  app.use('/bank-details/*', requireDriver(p))

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
    async (c) => c.json(await listBankDetails(p, driverActor(c))),
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
    async (c) => c.json(await readBankDetail(p, driverActor(c), c.req.valid('param'))),
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
    async (c) => c.json(await addBankDetail(p, driverActor(c), c.req.valid('json')), 201),
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
      return c.json(await updateBankDetail(p, driverActor(c), { id, changes: c.req.valid('json') }))
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
      const input = { ...c.req.valid('param'), ...c.req.valid('json') }
      return c.json(await selectBankDetail(p, driverActor(c), input))
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
    async (c) => c.json(await deleteBankDetail(p, driverActor(c), c.req.valid('param'))),
  )

  return app
}
