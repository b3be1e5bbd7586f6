import { Hono } from 'hono'
import { businessSearchSchema, jobPostingSchema, pageSchema, POSTINGS_PAGE_SIZE, type JobPostingValues } from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { ApiError, MESSAGES, parseId, readJson, validate } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { COUNT_CAP, offsetOf, pageAndCount, postingsWithNames, searchCondition, toPostingDto, type JobPostingDto } from '#services/shared/posting-rows'
import { currentCompany } from './company-context'
import { assertKnownCommune } from './places'

export const POSTING_MESSAGES = {
  created: 'Trabajo creado correctamente.',
  updated: 'Trabajo actualizado correctamente.',
  deleted: 'Trabajo eliminado correctamente.',
} as const

export interface CompanyPostingDto extends JobPostingDto {
  applicants_count: number
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

/** The queries of a company's list (optionally searched): its first 1,001 ids in order, and one page. */
export function companyPostingsQueries({ db, dialect }: Pick<Platform, 'db' | 'dialect'>, companyId: number, page: number, search?: string) {
  const condition = searchCondition(search, dialect)
  let ids = db.selectFrom('job_postings as jp').select('jp.id').where('jp.company_id', '=', companyId)
  if (condition) ids = ids.where(condition)
  const list = withApplicants(postingsWithNames(db).where('jp.company_id', '=', companyId))
  return {
    ids: ids
      .orderBy('jp.created_at', 'desc')
      .orderBy('jp.id', 'desc')
      .limit(COUNT_CAP + 1),
    list: (condition ? list.where(condition) : list).orderBy('jp.created_at', 'desc').orderBy('jp.id', 'desc').limit(POSTINGS_PAGE_SIZE).offset(offsetOf(page, POSTINGS_PAGE_SIZE)),
  }
}

function withApplicants(q: ReturnType<typeof postingsWithNames>) {
  return q.select((eb) =>
    eb
      .selectFrom('applications as a')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('a.posting_id', '=', 'jp.id')
      .as('applicants_count'),
  )
}

/** One page of a company's postings (optionally searched) and their total up to 1,001. */
export async function companyPostings(store: Pick<Platform, 'db' | 'dialect'>, companyId: number, page: number, search?: string) {
  const { ids, list } = companyPostingsQueries(store, companyId, page, search)
  const { rows, count } = await pageAndCount(
    ids,
    page,
    (pageIds) => withApplicants(postingsWithNames(store.db).where('jp.company_id', '=', companyId).where('jp.id', 'in', pageIds)).execute(),
    () => list.execute(),
  )
  const postings: CompanyPostingDto[] = rows.map((r) => ({ ...toPostingDto(r), applicants_count: Number(r.applicants_count ?? 0) }))
  return { postings, count, page, page_size: POSTINGS_PAGE_SIZE }
}

/** The company's own postings: list, search, create, read for update, update, delete. */
export function companyPostingRoutes(p: Platform) {
  const app = new Hono<AuthEnv>()
  const auth = requireRole(p, 'business')

  app.get('/get-data-business', auth, async (c) => {
    const company = await currentCompany(p, c)
    // Spec §3 "Business data", and whether the console verified the company (issue 12 item 9).
    return c.json({ email: company.email, name: company.name, phone: company.phone, logo: company.logo_url, verified: company.verified === 1 })
  })

  app.get('/job-postings', auth, async (c) => {
    const company = await currentCompany(p, c)
    const { page } = validate(pageSchema, { page: c.req.query('page') })
    return c.json(await companyPostings(p, company.id, page))
  })

  app.post('/search-my-job-postings', auth, async (c) => {
    const company = await currentCompany(p, c)
    const { search, page } = validate(businessSearchSchema, await readJson(c))
    return c.json(await companyPostings(p, company.id, page, search))
  })

  app.post('/create-job-posting', auth, async (c) => {
    const company = await currentCompany(p, c)
    const input = validate(jobPostingSchema, await readJson(c))
    assertKnownCommune(input.id_commune)
    const now = p.now().toISOString()
    const row = await p.db
      .insertInto('job_postings')
      .values({ company_id: company.id, ...columns(input), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return c.json({ message: POSTING_MESSAGES.created, id: row.id }, 201)
  })

  app.get('/get-data-job-posting-to-update/:id', auth, async (c) => {
    const company = await currentCompany(p, c)
    const row = await postingsWithNames(p.db)
      .where('jp.id', '=', parseId(c.req.param('id')))
      .where('jp.company_id', '=', company.id)
      .executeTakeFirst()
    // Another company's posting does not exist for this one.
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    return c.json(toPostingDto(row))
  })

  app.put('/update-job-posting/:id', auth, async (c) => {
    const company = await currentCompany(p, c)
    const id = parseId(c.req.param('id'))
    const input = validate(jobPostingSchema, await readJson(c))
    assertKnownCommune(input.id_commune)
    const result = await p.db
      .updateTable('job_postings')
      .set({ ...columns(input), updated_at: p.now().toISOString() })
      .where('id', '=', id)
      .where('company_id', '=', company.id)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) throw new ApiError(404, MESSAGES.notFound)
    return c.json({ message: POSTING_MESSAGES.updated })
  })

  app.delete('/delete-job-posting/:id', auth, async (c) => {
    const company = await currentCompany(p, c)
    const id = parseId(c.req.param('id'))
    // Applications and saves go with it (ON DELETE CASCADE).
    const result = await p.db.deleteFrom('job_postings').where('id', '=', id).where('company_id', '=', company.id).executeTakeFirst()
    if (Number(result.numDeletedRows) !== 1) throw new ApiError(404, MESSAGES.notFound)
    return c.json({ message: POSTING_MESSAGES.deleted })
  })

  return app
}
