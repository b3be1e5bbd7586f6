import {
  companyDetailSchema,
  companyListSchema,
  postingClosedSchema,
  verificationResultSchema,
} from '#domain/contract/admin'
import { companyVerificationSchema, postingCloseSchema } from '#domain/validation/admin'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { changesPublicContent } from '#services/platform/invalidation'
import type { Platform } from '#services/platform/platform'
import { closePostingByStaff, listCompanies, readCompany, setCompanyVerified } from './company-operations'
import { actorOf } from './shared'

/**
 * Companies: list, verification flag, their postings, closing a posting on their behalf. Each
 * handler reads the admin and the validated input, and answers what one operation of
 * company-operations.ts returns.
 */
export function adminCompanyRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/companies',
      operationId: 'listCompanies',
      tags,
      summary: 'Las empresas (búsqueda q en la consulta)',
      responses: { 200: jsonResponse(companyListSchema, 'Empresas'), ...errors(401, 403) },
    },
    async (c) => c.json(await listCompanies(p, { q: c.req.query('q') })),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/companies/{id}',
      operationId: 'getCompany',
      tags,
      summary: 'Una empresa con sus ofertas',
      request: { params: idParams },
      responses: { 200: jsonResponse(companyDetailSchema, 'Empresa'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await readCompany(p, c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/companies/{id}/verification',
      operationId: 'setCompanyVerified',
      tags,
      summary: 'Marca o desmarca una empresa como verificada',
      request: { params: idParams, body: jsonBody(companyVerificationSchema) },
      responses: { 200: jsonResponse(verificationResultSchema, 'Guardado'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await setCompanyVerified(p, await actorOf(p, c), input))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/postings/{id}/close',
      operationId: 'closePostingByStaff',
      tags,
      summary: 'Cierra una oferta con un motivo (se avisa a la empresa)',
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(postingCloseSchema) },
      responses: { 200: jsonResponse(postingClosedSchema, 'Oferta cerrada'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await closePostingByStaff(p, await actorOf(p, c), input))
    },
  )

  return app
}
