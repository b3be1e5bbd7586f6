import { okMessageSchema } from '#domain/contract/common'
import { driverPostingSchema, driverPostingsPageSchema, postingsForYouSchema } from '#domain/contract/postings'
import { applicationResultSchema } from '#domain/contract/users'
import {
  driverSearchSchema,
  pageSchema,
  postingFiltersSchema,
  postingReferenceSchema,
} from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { driverActor } from '../driver-area/shared'
import { applyToPosting, savePosting, unsavePosting, withdrawApplication } from './holds'
import {
  listAppliedPostings,
  listPostingsForYou,
  listSavedPostings,
  readPosting,
  searchPostings,
} from './posting-operations'

export { DRIVER_POSTING_MESSAGES } from './holds'

/**
 * The driver's side of the marketplace (mounted at /users). Each handler reads the driver of the
 * session and the validated input, and answers what one operation of posting-operations.ts (the
 * holds: holds.ts) returns.
 */
export function driverPostingsRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Ofertas para conductores']
  const page = jsonResponse(driverPostingsPageSchema, 'Una página de ofertas')
  const auth = requireRole(p, 'User')

  defineRoute(
    app,
    {
      method: 'get',
      path: '/job-postings',
      operationId: 'listJobPostings',
      tags,
      summary: 'Las ofertas abiertas, por páginas',
      middleware: [auth],
      request: { query: pageSchema },
      responses: { 200: page, ...errors(400, 401, 403) },
    },
    async (c) => c.json(await searchPostings(p, driverActor(c), c.req.valid('query'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/filter-job-postings',
      operationId: 'filterJobPostings',
      tags,
      summary: 'Las ofertas abiertas que cumplen los filtros',
      middleware: [auth],
      request: { body: jsonBody(postingFiltersSchema) },
      responses: { 200: page, ...errors(400, 401, 403) },
    },
    async (c) => c.json(await searchPostings(p, driverActor(c), c.req.valid('json'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/search-job-postings',
      operationId: 'searchJobPostings',
      tags,
      summary: 'Busca ofertas abiertas por palabras del título o la descripción',
      middleware: [auth],
      request: { body: jsonBody(driverSearchSchema) },
      responses: { 200: page, ...errors(400, 401, 403) },
    },
    async (c) => {
      const { search_jps, page } = c.req.valid('json')
      return c.json(await searchPostings(p, driverActor(c), { search: search_jps, page }))
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/job-postings-for-you',
      operationId: 'listPostingsForYou',
      tags,
      summary: 'Publicaciones para ti: unas pocas ofertas abiertas para los vehículos y comunas del conductor',
      middleware: [auth],
      responses: {
        200: jsonResponse(postingsForYouSchema, 'Ofertas para el conductor y en qué se basan'),
        ...errors(401, 403),
      },
    },
    async (c) => c.json(await listPostingsForYou(p, driverActor(c))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/filter-job-postings-by-id/{id}',
      operationId: 'getJobPosting',
      tags,
      summary: 'Una oferta, con la postulación y el guardado del conductor',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: jsonResponse(driverPostingSchema, 'La oferta'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await readPosting(p, driverActor(c), c.req.valid('param'))),
  )

  // The driver's holds on a posting (holds.ts): one declaration each, one handler for all four.
  const holds = [
    {
      path: '/postulate-job-posting',
      operationId: 'applyToJobPosting',
      summary: 'Postula a una oferta abierta',
      responses: {
        201: jsonResponse(applicationResultSchema, 'Postulación enviada'),
        200: jsonResponse(applicationResultSchema, 'Ya había postulado'),
        ...errors(400, 401, 403, 404, 409),
      },
      run: applyToPosting,
    },
    {
      path: '/withdraw-postulation',
      operationId: 'withdrawApplication',
      summary: 'Retira la postulación a una oferta',
      responses: { 200: jsonResponse(okMessageSchema, 'Postulación retirada'), ...errors(400, 401, 403, 404) },
      run: withdrawApplication,
    },
    {
      path: '/save-posting',
      operationId: 'savePosting',
      summary: 'Guarda una oferta',
      responses: {
        201: jsonResponse(okMessageSchema, 'Oferta guardada'),
        200: jsonResponse(okMessageSchema, 'Ya estaba guardada'),
        ...errors(400, 401, 403, 404),
      },
      run: savePosting,
    },
    {
      path: '/unsave-posting',
      operationId: 'unsavePosting',
      summary: 'Quita una oferta de las guardadas',
      responses: { 200: jsonResponse(okMessageSchema, 'Oferta quitada'), ...errors(400, 401, 403, 404) },
      run: unsavePosting,
    },
  ] as const
  for (const { path, operationId, summary, responses, run } of holds) {
    const request = { body: jsonBody(postingReferenceSchema) }
    defineRoute(
      app,
      { method: 'post', path, operationId, tags, summary, middleware: [auth], request, responses },
      async (c) => {
        const { status, body } = await run(p, driverActor(c), c.req.valid('json'))
        return c.json(body, status)
      },
    )
  }

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-all-save-posting',
      operationId: 'listSavedPostings',
      tags,
      summary: 'Las ofertas guardadas por el conductor',
      middleware: [auth],
      request: { query: pageSchema },
      responses: { 200: page, ...errors(400, 401, 403) },
    },
    async (c) => c.json(await listSavedPostings(p, driverActor(c), c.req.valid('query'))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-all-postulate-job-posting',
      operationId: 'listAppliedPostings',
      tags,
      summary: 'Las ofertas a las que postuló el conductor',
      middleware: [auth],
      request: { query: pageSchema },
      responses: { 200: page, ...errors(400, 401, 403) },
    },
    async (c) => c.json(await listAppliedPostings(p, driverActor(c), c.req.valid('query'))),
  )

  return app
}
