import { sql, type Kysely } from 'kysely'
import {
  businessDataSchema,
  companyPanelSummarySchema,
  companyPostingsPageSchema,
  postingCreatedSchema,
  type CompanyPosting,
} from '#domain/contract/business'
import { okMessageSchema } from '#domain/contract/common'
import { jobPostingSchema as jobPostingResponseSchema } from '#domain/contract/postings'
import { dayInChile } from '#domain/format'
import {
  businessSearchSchema,
  companyPostingsQuerySchema,
  jobPostingSchema,
  POSTING_MESSAGES as POSTING_FORM_MESSAGES,
  POSTINGS_PAGE_SIZE,
  type JobPostingValues,
  type PostingStatus,
} from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { changesPublicContent } from '#services/platform/invalidation'
import type { Platform } from '#services/platform/platform'
import {
  matchingIds,
  offsetOf,
  pageAndCount,
  postingsWithNames,
  searchCondition,
  textDriver,
  toPostingDto,
  type TextDriver,
} from '#services/shared/posting-rows'
import { currentCompany } from './company-context'
import { assertKnownCommune } from './places'

export const POSTING_MESSAGES = {
  created: 'Trabajo creado correctamente.',
  updated: 'Trabajo actualizado correctamente.',
  deleted: 'Trabajo eliminado correctamente.',
  closed: 'Publicación cerrada: ya no recibe postulaciones.',
  draftSaved: 'Borrador guardado. Los conductores no lo ven hasta que lo publiques.',
  published: 'Trabajo publicado: los conductores ya lo ven.',
  duplicated: 'Copia guardada como borrador.',
} as const

/**
 * Publishing: the one step that shows a posting to drivers (their lists and search, «Publicaciones
 * para ti», the public home, its address) — a draft becomes open. Every publication goes through
 * here, a new posting created open as much as a draft published later, so what follows a
 * publication has one place to hook into. Its date is the publication's: `created_at` is set now,
 * so it comes first in the newest-first lists and reads «Publicada el …» from today.
 * Returns whether a draft of the company was published (false: none with that id).
 */
export async function publishPosting(db: Kysely<Database>, companyId: number, id: number, now: Date) {
  const ts = now.toISOString()
  const result = await db
    .updateTable('job_postings')
    .set({ status: 'open', created_at: ts, updated_at: ts })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('status', '=', 'draft')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Creates a posting: saved as a draft first, then published in the same transaction when it asks
 * to be open (publishPosting), so a new open posting is published the one way. Returns its id.
 */
async function createPosting(p: Pick<Platform, 'db' | 'now'>, companyId: number, input: JobPostingValues) {
  const now = p.now()
  const ts = now.toISOString()
  return inTransaction(p.db, async (trx) => {
    const values = columns(input)
    const row = await trx
      .insertInto('job_postings')
      .values({
        company_id: companyId,
        ...values,
        status: values.status === 'open' ? 'draft' : values.status,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (values.status === 'open') await publishPosting(trx, companyId, row.id, now)
    return row.id
  })
}

/** The moves a posting's status may make: a draft is published or kept; a published one never drafts again. */
function assertStatusChange(current: PostingStatus, next: PostingStatus) {
  if (current !== 'draft' && next === 'draft') throw new ApiError(409, POSTING_FORM_MESSAGES.notDraftAgain)
  if (current === 'draft' && next === 'closed') throw new ApiError(409, POSTING_FORM_MESSAGES.draftNotClosed)
}

async function ownStatus(db: Kysely<Database>, companyId: number, id: number): Promise<PostingStatus> {
  const row = await db
    .selectFrom('job_postings')
    .select('status')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  // Another company's posting does not exist for this one.
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  return row.status
}

function columns(v: JobPostingValues) {
  return {
    title: v.title,
    description: v.description,
    id_zone: v.id_zone,
    id_region: v.id_region,
    id_commune: v.id_commune,
    id_vehicle: v.id_vehicle,
    id_capacity: v.id_capacity ?? null,
    id_schedule: v.id_schedule,
    start_date: v.start_date,
    pawn: v.pawn ? 1 : 0,
    payment_amount: v.payment_amount,
    payment_period: v.payment_period,
    drivers_needed: v.drivers_needed,
    status: v.status,
  }
}

/** A company's postings, or those of one status (the panel's tabs: job_postings_company_status_idx). */
function ownPostings(companyId: number, status?: PostingStatus) {
  return status
    ? sql<boolean>`jp.company_id = ${companyId} and jp.status = ${status}`
    : sql<boolean>`jp.company_id = ${companyId}`
}

/**
 * The queries of a company's list (optionally searched, optionally of one status): its first 1,001
 * ids in order, and one page. `driver`: which index an SQLite search walks (companySearchDriver picks it).
 */
export function companyPostingsQueries(
  { db, dialect }: Pick<Platform, 'db' | 'dialect'>,
  companyId: number,
  page: number,
  search?: string,
  driver: TextDriver = 'text',
  status?: PostingStatus,
) {
  const condition = searchCondition(search, dialect, driver)
  const own = postingsWithNames(db).where('jp.company_id', '=', companyId)
  const list = withApplicants(status ? own.where('jp.status', '=', status) : own)
  return {
    ids: matchingIds(db, dialect, ownPostings(companyId, status), search, driver),
    list: (condition ? list.where(condition) : list)
      .orderBy('jp.created_at', 'desc')
      .orderBy('jp.id', 'desc')
      .limit(POSTINGS_PAGE_SIZE)
      .offset(offsetOf(page, POSTINGS_PAGE_SIZE)),
  }
}

/** The index an SQLite search of a company's postings walks (TextDriver). */
export function companySearchDriver(
  { db, dialect }: Pick<Platform, 'db' | 'dialect'>,
  companyId: number,
  search?: string,
  status?: PostingStatus,
): Promise<TextDriver> {
  return textDriver(db, dialect, ownPostings(companyId, status), search)
}

/**
 * Each posting's applicants and those the company has not had on its applicants screen yet
 * (migration 0012), drivers out of sight left out: its one row of posting_applicant_counts (0038).
 */
function withApplicants(q: ReturnType<typeof postingsWithNames>) {
  return q
    .leftJoin('posting_applicant_counts as pc', 'pc.posting_id', 'jp.id')
    .select(['pc.total as applicants_count', 'pc.fresh as new_applicants_count'])
}

/** One page of a company's postings (optionally searched, optionally of one status) and their total up to 1,001. */
export async function companyPostings(
  store: Pick<Platform, 'db' | 'dialect'>,
  companyId: number,
  page: number,
  search?: string,
  status?: PostingStatus,
) {
  const { ids, list } = companyPostingsQueries(
    store,
    companyId,
    page,
    search,
    await companySearchDriver(store, companyId, search, status),
    status,
  )
  const { rows, count } = await pageAndCount(
    ids,
    page,
    (pageIds) =>
      withApplicants(
        postingsWithNames(store.db).where('jp.company_id', '=', companyId).where('jp.id', 'in', pageIds),
      ).execute(),
    () => list.execute(),
  )
  const postings: CompanyPosting[] = rows.map((r) => ({
    ...toPostingDto(r),
    applicants_count: Number(r.applicants_count ?? 0),
    new_applicants_count: Number(r.new_applicants_count ?? 0),
  }))
  return { postings, count, page, page_size: POSTINGS_PAGE_SIZE }
}

/** Days ahead in which an open posting's start date counts as «starting soon» on the panel. */
export const STARTING_SOON_DAYS = 7

/**
 * The panel's summary: how many postings are open and, among them, those whose start date falls
 * within STARTING_SOON_DAYS (there is no closing date: the start is the nearest deadline), read
 * from job_postings_company_status_idx; over the open postings only (a closed one asks for
 * nothing), the applicants not yet seen and those still waiting for an answer (stage Nueva or En
 * revisión); and over every posting, open or closed, the drivers' messages not read (an answer
 * waits for the company either way). The applicants and messages are the company's rows of
 * posting_applicant_counts (decision 110): one per posting, kept by triggers with the writes.
 */
export async function panelSummary(p: Pick<Platform, 'db' | 'now'>, companyId: number) {
  const now = p.now()
  const today = dayInChile(now)
  const until = dayInChile(new Date(now.getTime() + STARTING_SOON_DAYS * 86_400_000))
  const [postings, counts] = await Promise.all([
    p.db
      .selectFrom('job_postings as jp')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('open'),
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([eb('jp.start_date', '>=', today), eb('jp.start_date', '<=', until)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('soon'),
      ])
      .where('jp.company_id', '=', companyId)
      .where('jp.status', '=', 'open')
      .executeTakeFirstOrThrow(),
    p.db
      .selectFrom('posting_applicant_counts as pc')
      .select((eb) => [
        eb.fn.sum<number | string | null>(sql`case when pc.open = 1 then pc.fresh else 0 end`).as('fresh'),
        eb.fn
          .sum<number | string | null>(sql`case when pc.open = 1 then pc.nueva + pc.en_revision else 0 end`)
          .as('waiting'),
        eb.fn.sum<number | string | null>('pc.unread').as('unread'),
      ])
      .where('pc.company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ])
  return {
    open_postings: Number(postings.open),
    new_applicants: Number(counts.fresh ?? 0),
    awaiting_reply: Number(counts.waiting ?? 0),
    starting_soon: Number(postings.soon ?? 0),
    starting_soon_days: STARTING_SOON_DAYS,
    unread_messages: Number(counts.unread ?? 0),
  }
}

/** The company's own postings: list, search, create, read for update, update, delete. */
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
    async (c) => {
      const company = await currentCompany(p, c)
      // Spec §3 "Business data", and whether the console verified the company.
      return c.json({
        email: company.email,
        name: company.name,
        phone: company.phone,
        logo: company.logo_url,
        verified: company.verified === 1,
      })
    },
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
      const { page, status } = c.req.valid('query')
      return c.json(await companyPostings(p, company.id, page, undefined, status))
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
    async (c) => {
      const company = await currentCompany(p, c)
      return c.json(await panelSummary(p, company.id))
    },
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
      const { search, page, status } = c.req.valid('json')
      return c.json(await companyPostings(p, company.id, page, search, status))
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
      const input = c.req.valid('json')
      assertKnownCommune(input.id_commune)
      const id = await createPosting(p, company.id, input)
      return c.json(
        { message: input.status === 'draft' ? POSTING_MESSAGES.draftSaved : POSTING_MESSAGES.created, id },
        201,
      )
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
      const row = await postingsWithNames(p.db)
        .where('jp.id', '=', c.req.valid('param').id)
        .where('jp.company_id', '=', company.id)
        .executeTakeFirst()
      // Another company's posting does not exist for this one.
      if (!row) throw new ApiError(404, MESSAGES.notFound)
      return c.json(toPostingDto(row))
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
      const input = c.req.valid('json')
      assertKnownCommune(input.id_commune)
      const now = p.now()
      const publishing = await inTransaction(p.db, async (trx) => {
        const current = await ownStatus(trx, company.id, id)
        assertStatusChange(current, input.status)
        const publish = current === 'draft' && input.status === 'open'
        const values = columns(input)
        await trx
          .updateTable('job_postings')
          .set({ ...values, status: publish ? 'draft' : values.status, updated_at: now.toISOString() })
          .where('id', '=', id)
          .where('company_id', '=', company.id)
          .execute()
        if (publish) await publishPosting(trx, company.id, id, now)
        return publish
      })
      const message =
        input.status === 'draft'
          ? POSTING_MESSAGES.draftSaved
          : publishing
            ? POSTING_MESSAGES.published
            : POSTING_MESSAGES.updated
      return c.json({ message })
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
      const { id } = c.req.valid('param')
      assertStatusChange(await ownStatus(p.db, company.id, id), 'closed')
      // Closing a closed one again is fine (a double click, two tabs): the answer is the same.
      const result = await p.db
        .updateTable('job_postings')
        .set({ status: 'closed', updated_at: p.now().toISOString() })
        .where('id', '=', id)
        .where('company_id', '=', company.id)
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) throw new ApiError(404, MESSAGES.notFound)
      return c.json({ message: POSTING_MESSAGES.closed })
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
      const { id } = c.req.valid('param')
      const source = await p.db
        .selectFrom('job_postings')
        .select([
          'title',
          'description',
          'id_zone',
          'id_region',
          'id_commune',
          'id_vehicle',
          'id_capacity',
          'id_schedule',
          'start_date',
          'pawn',
          'payment_amount',
          'payment_period',
          'drivers_needed',
        ])
        .where('id', '=', id)
        .where('company_id', '=', company.id)
        .executeTakeFirst()
      if (!source) throw new ApiError(404, MESSAGES.notFound)
      const ts = p.now().toISOString()
      // A draft: drivers see nothing until the company reviews it (the dates, above all) and publishes.
      const row = await p.db
        .insertInto('job_postings')
        .values({ ...source, company_id: company.id, status: 'draft', created_at: ts, updated_at: ts })
        .returning('id')
        .executeTakeFirstOrThrow()
      return c.json({ message: POSTING_MESSAGES.duplicated, id: row.id }, 201)
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
      const { id } = c.req.valid('param')
      // Applications and saves go with it (ON DELETE CASCADE).
      const result = await p.db
        .deleteFrom('job_postings')
        .where('id', '=', id)
        .where('company_id', '=', company.id)
        .executeTakeFirst()
      if (Number(result.numDeletedRows) !== 1) throw new ApiError(404, MESSAGES.notFound)
      return c.json({ message: POSTING_MESSAGES.deleted })
    },
  )

  return app
}
