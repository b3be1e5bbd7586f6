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
import { isUniqueViolation } from '#services/platform/db/errors'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { applicationReceivedMail } from '#services/shared/marketplace-mails'
import { postingsForYou } from './for-you'
import { driverPostings, ownPostings, searchOpenPostings, toDriverPostingDto } from './queries'

export const DRIVER_POSTING_MESSAGES = {
  applied: 'Postulación enviada correctamente.',
  alreadyApplied: 'Ya postulaste a esta publicación.',
  withdrawn: 'Postulación retirada.',
  saved: 'Publicación guardada.',
  alreadySaved: 'La publicación ya estaba guardada.',
  unsaved: 'Publicación quitada de tus guardadas.',
  closed: 'Esta publicación está cerrada y ya no recibe postulaciones.',
  paused: 'Tu perfil está pausado: reanúdalo en «Mis datos» para postular.',
} as const

const M = DRIVER_POSTING_MESSAGES

/** The driver's side of the marketplace (mounted at /users). */
export function driverPostingsRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Ofertas para conductores']
  const page = jsonResponse(driverPostingsPageSchema, 'Una página de ofertas')
  const auth = requireRole(p, 'User')

  async function postingOr404(id: number) {
    const posting = await p.db
      .selectFrom('job_postings as jp')
      .innerJoin('companies as co', 'co.id', 'jp.company_id')
      .innerJoin('users as cu', 'cu.id', 'co.user_id')
      .select([
        'jp.id',
        'jp.title',
        'jp.status',
        'co.email as company_email',
        'co.name as company_name',
        'cu.opted_out_at as company_opted_out_at',
      ])
      .where('jp.id', '=', id)
      // A draft is the company's alone (decision 104): to a driver it does not exist.
      .where('jp.status', '!=', 'draft')
      .executeTakeFirst()
    if (!posting) throw new ApiError(404, MESSAGES.notFound)
    return posting
  }

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
    async (c) => {
      const { page } = c.req.valid('query')
      return c.json(await searchOpenPostings(p, c.get('auth').userId, {}, page))
    },
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
    async (c) => {
      const { page, ...filters } = c.req.valid('json')
      return c.json(await searchOpenPostings(p, c.get('auth').userId, filters, page))
    },
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
      return c.json(await searchOpenPostings(p, c.get('auth').userId, { search: search_jps }, page))
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
    async (c) => c.json(await postingsForYou(p.db, c.get('auth').userId)),
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
    async (c) => {
      const row = await driverPostings(p.db, c.get('auth').userId)
        .where('jp.id', '=', c.req.valid('param').id)
        .where('jp.status', '!=', 'draft')
        .executeTakeFirst()
      if (!row) throw new ApiError(404, MESSAGES.notFound)
      return c.json(toDriverPostingDto(row))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/postulate-job-posting',
      operationId: 'applyToJobPosting',
      tags,
      summary: 'Postula a una oferta abierta',
      middleware: [auth],
      request: { body: jsonBody(postingReferenceSchema) },
      responses: {
        201: jsonResponse(applicationResultSchema, 'Postulación enviada'),
        200: jsonResponse(applicationResultSchema, 'Ya había postulado'),
        ...errors(400, 401, 403, 404, 409),
      },
    },
    async (c) => {
      const { id_publication } = c.req.valid('json')
      const userId = c.get('auth').userId
      const posting = await postingOr404(id_publication)
      const existing = await p.db
        .selectFrom('applications')
        .select('status')
        .where('posting_id', '=', posting.id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (existing) return c.json({ message: M.alreadyApplied, status: existing.status })
      if (posting.status !== 'open') throw new ApiError(409, M.closed)
      const driver = await p.db
        .selectFrom('users')
        .select(['firstname', 'lastname', 'paused_at'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
      // A paused profile's applications are frozen: no new ones (decision 76).
      if (driver.paused_at) throw new ApiError(409, M.paused)
      const now = p.now()
      try {
        await inTransaction(p.db, async (trx) => {
          await trx
            .insertInto('applications')
            .values({
              posting_id: posting.id,
              user_id: userId,
              status: 'nueva',
              created_at: now.toISOString(),
              updated_at: now.toISOString(),
            })
            .execute()
          const mail = applicationReceivedMail(posting.company_email, {
            companyName: posting.company_name,
            postingTitle: posting.title,
            driverName: `${driver.firstname} ${driver.lastname}`.trim(),
            link: `${p.publicUrl}/business/dashboard/publicaciones/${posting.id}`,
          })
          // A new applicant's notice is not essential: a company that opposed gets none (decision 76).
          if (!posting.company_opted_out_at) await enqueueEmail(trx, mail, now)
        })
      } catch (err) {
        // The same driver applying twice at once: the unique pair keeps one, and one mail.
        if (isUniqueViolation(err)) return c.json({ message: M.alreadyApplied, status: 'nueva' })
        throw err
      }
      p.wakeOutbox()
      return c.json({ message: M.applied, status: 'nueva' }, 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/withdraw-postulation',
      operationId: 'withdrawApplication',
      tags,
      summary: 'Retira la postulación a una oferta',
      middleware: [auth],
      request: { body: jsonBody(postingReferenceSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Postulación retirada'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id_publication } = c.req.valid('json')
      const posting = await postingOr404(id_publication)
      await p.db
        .deleteFrom('applications')
        .where('posting_id', '=', posting.id)
        .where('user_id', '=', c.get('auth').userId)
        .execute()
      return c.json({ message: M.withdrawn })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/save-posting',
      operationId: 'savePosting',
      tags,
      summary: 'Guarda una oferta',
      middleware: [auth],
      request: { body: jsonBody(postingReferenceSchema) },
      responses: {
        201: jsonResponse(okMessageSchema, 'Oferta guardada'),
        200: jsonResponse(okMessageSchema, 'Ya estaba guardada'),
        ...errors(400, 401, 403, 404),
      },
    },
    async (c) => {
      const { id_publication } = c.req.valid('json')
      const userId = c.get('auth').userId
      const posting = await postingOr404(id_publication)
      const existing = await p.db
        .selectFrom('saved_postings')
        .select('id')
        .where('posting_id', '=', posting.id)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (existing) return c.json({ message: M.alreadySaved })
      try {
        await p.db
          .insertInto('saved_postings')
          .values({ posting_id: posting.id, user_id: userId, created_at: p.now().toISOString() })
          .execute()
      } catch (err) {
        if (isUniqueViolation(err)) return c.json({ message: M.alreadySaved })
        throw err
      }
      return c.json({ message: M.saved }, 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/unsave-posting',
      operationId: 'unsavePosting',
      tags,
      summary: 'Quita una oferta de las guardadas',
      middleware: [auth],
      request: { body: jsonBody(postingReferenceSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Oferta quitada'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id_publication } = c.req.valid('json')
      const posting = await postingOr404(id_publication)
      await p.db
        .deleteFrom('saved_postings')
        .where('posting_id', '=', posting.id)
        .where('user_id', '=', c.get('auth').userId)
        .execute()
      return c.json({ message: M.unsaved })
    },
  )

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
    async (c) => {
      const { page } = c.req.valid('query')
      return c.json(await ownPostings(p.db, c.get('auth').userId, 'saved', page))
    },
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
    async (c) => {
      const { page } = c.req.valid('query')
      return c.json(await ownPostings(p.db, c.get('auth').userId, 'applied', page))
    },
  )

  return app
}
