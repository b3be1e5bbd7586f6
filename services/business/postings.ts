import {
  businessDataSchema,
  companyPanelSummarySchema,
  companyPostingsPageSchema,
  postingCreatedSchema,
} from '#domain/contract/business'
import { okMessageSchema } from '#domain/contract/common'
import { jobPostingSchema as jobPostingResponseSchema } from '#domain/contract/postings'
import { businessSearchSchema, companyPostingsQuerySchema, jobPostingSchema } from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { changesPublicContent } from '#services/platform/invalidation'
import type { Platform } from '#services/platform/platform'
import { currentCompany } from './company-context'
import {
  closePosting,
  companyData,
  createPosting,
  deletePosting,
  duplicatePosting,
  listPostings,
  panelSummary,
  readPosting,
  updatePosting,
} from './posting-operations'

/**
 * The company's own postings (mounted at /business): its data, the list and its search, the panel's
 * summary, create, read for update, update, close, duplicate and delete. Each handler reads the
 * company of the session and the validated input, and answers what one operation of
 * posting-operations.ts returns.
 */
export function companyPostingRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Empresas']
  const page = jsonResponse(companyPostingsPageSchema, 'Una página de ofertas de la empresa')
  const auth = requireRole(p, 'business')

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-data-business',
      operationId: 'getCompanyData',
      tags,
      summary: 'Los datos de la empresa de la sesión',
      middleware: [auth],
      responses: { 200: jsonResponse(businessDataSchema, 'Datos de la empresa'), ...errors(401, 403) },
    },
    async (c) => c.json(companyData(await currentCompany(p, c))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/job-postings',
      operationId: 'listCompanyPostings',
      tags,
      summary: 'Las ofertas de la empresa, por páginas (?status= filtra por estado)',
      middleware: [auth],
      request: { query: companyPostingsQuerySchema },
      responses: { 200: page, ...errors(400, 401, 403) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await listPostings(p, company, c.req.valid('query')))
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/panel-summary',
      operationId: 'getCompanyPanelSummary',
      tags,
      summary: 'Lo que pide atención en el panel de la empresa: ofertas abiertas y postulantes por responder',
      middleware: [auth],
      responses: { 200: jsonResponse(companyPanelSummarySchema, 'Resumen del panel'), ...errors(401, 403) },
    },
    async (c) => c.json(await panelSummary(p, await currentCompany(p, c))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/search-my-job-postings',
      operationId: 'searchCompanyPostings',
      tags,
      summary: 'Busca entre las ofertas de la empresa',
      middleware: [auth],
      request: { body: jsonBody(businessSearchSchema) },
      responses: { 200: page, ...errors(400, 401, 403) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await listPostings(p, company, c.req.valid('json')))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/create-job-posting',
      operationId: 'createJobPosting',
      tags,
      summary: 'Publica una oferta (status "draft": la guarda como borrador, sin publicarla)',
      middleware: [auth, changesPublicContent(p)],
      request: { body: jsonBody(jobPostingSchema) },
      responses: { 201: jsonResponse(postingCreatedSchema, 'Oferta creada'), ...errors(400, 401, 403) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await createPosting(p, company, c.req.valid('json')), 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-data-job-posting-to-update/{id}',
      operationId: 'getJobPostingForUpdate',
      tags,
      summary: 'Una oferta de la empresa, para editarla',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: jsonResponse(jobPostingResponseSchema, 'La oferta'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await readPosting(p, company, c.req.valid('param')))
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/update-job-posting/{id}',
      operationId: 'updateJobPosting',
      tags,
      summary: 'Actualiza una oferta de la empresa (un borrador con status "open" se publica)',
      middleware: [auth, changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(jobPostingSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Oferta actualizada'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const { id } = c.req.valid('param')
      return c.json(await updatePosting(p, company, { id, values: c.req.valid('json') }))
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/close-job-posting/{id}',
      operationId: 'closeJobPosting',
      tags,
      summary: 'Cierra una oferta de la empresa: deja de recibir postulaciones',
      middleware: [auth, changesPublicContent(p)],
      request: { params: idParams },
      responses: { 200: jsonResponse(okMessageSchema, 'Oferta cerrada'), ...errors(401, 403, 404, 409) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await closePosting(p, company, c.req.valid('param')))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/duplicate-job-posting/{id}',
      operationId: 'duplicateJobPosting',
      tags,
      summary: 'Copia una oferta de la empresa como borrador nuevo, sin postulantes',
      middleware: [auth],
      request: { params: idParams },
      responses: { 201: jsonResponse(postingCreatedSchema, 'Borrador creado'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await duplicatePosting(p, company, c.req.valid('param')), 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'delete',
      path: '/delete-job-posting/{id}',
      operationId: 'deleteJobPosting',
      tags,
      summary: 'Elimina una oferta de la empresa',
      middleware: [auth, changesPublicContent(p)],
      request: { params: idParams },
      responses: { 200: jsonResponse(okMessageSchema, 'Oferta eliminada'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await deletePosting(p, company, c.req.valid('param')))
    },
  )

  return app
}
