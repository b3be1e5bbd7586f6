import { sql, type Kysely } from 'kysely'
import type { BusinessData, CompanyPanelSummary, CompanyPosting } from '#domain/contract/business'
import type { JobPostingDto } from '#domain/contract/postings'
import { dayInChile } from '#domain/format'
import {
  POSTING_MESSAGES as POSTING_FORM_MESSAGES,
  POSTINGS_PAGE_SIZE,
  type JobPostingValues,
  type PostingStatus,
} from '#domain/validation/marketplace'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import {
  companyWordsDriver,
  matchingIds,
  offsetOf,
  pageAndCount,
  postingsWithNames,
  rowsInOrder,
  searchCondition,
  textDriver,
  toPostingDto,
  type TextDriver,
} from '#services/shared/posting-rows'
import type { CompanyRef } from './company-context'
import { assertKnownCommune } from './places'

/**
 * A company's own postings as operations `(platform, company, input) → result`: the list and its
 * search, the panel's summary, and the writes (create, update, close, duplicate, delete), each
 * throwing ApiError as the API answers. The routes (postings.ts) read the company of the session
 * and the validated input and call one of them; tests and scripts call them directly. Another
 * company's posting does not exist for this one: every read and write is bounded by company_id.
 */

export const POSTING_MESSAGES = {
  created: 'Trabajo creado correctamente.',
  updated: 'Trabajo actualizado correctamente.',
  deleted: 'Trabajo eliminado correctamente.',
  closed: 'Publicación cerrada: ya no recibe postulaciones.',
  draftSaved: 'Borrador guardado. Los conductores no lo ven hasta que lo publiques.',
  published: 'Trabajo publicado: los conductores ya lo ven.',
  duplicated: 'Copia guardada como borrador.',
} as const

/** The company that acts: the one of the business session (currentCompany), or any with its id in a test. */
type Company = Pick<CompanyRef, 'id'>

/** One of the company's postings, by the id of the call's path. */
export interface PostingId {
  id: number
}

/** A message, and the id of the posting written. */
interface PostingCreated {
  message: string
  id: number
}

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
 * ids in order, and the ids of one page past them, from the index (its rows are read by id, as a
 * page within the first 1,001 is, not joined for every posting the offset skips). `driver`: which
 * index a search walks (companySearchDriver picks it).
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
  const own = db.selectFrom('job_postings as jp').select('jp.id').where(ownPostings(companyId, status))
  return {
    ids: matchingIds(db, dialect, ownPostings(companyId, status), search, driver),
    list: (condition ? own.where(condition) : own)
      .orderBy('jp.created_at', 'desc')
      .orderBy('jp.id', 'desc')
      .limit(POSTINGS_PAGE_SIZE)
      .offset(offsetOf(page, POSTINGS_PAGE_SIZE)),
  }
}

/**
 * The index a search of a company's postings walks (TextDriver): on SQLite the full-text or the
 * company's index, on PostgreSQL company_posting_words (decision 128).
 */
export function companySearchDriver(
  { db, dialect }: Pick<Platform, 'db' | 'dialect'>,
  companyId: number,
  search?: string,
  status?: PostingStatus,
): Promise<TextDriver> {
  if (dialect === 'postgres') return companyWordsDriver(db, companyId, status, search)
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
  const rowsOf = (pageIds: number[]) =>
    withApplicants(
      postingsWithNames(store.db).where('jp.company_id', '=', companyId).where('jp.id', 'in', pageIds),
    ).execute()
  const { rows, count } = await pageAndCount(ids, page, rowsOf, async () =>
    rowsInOrder(
      (await list.execute()).map((r) => r.id),
      rowsOf,
    ),
  )
  const postings: CompanyPosting[] = rows.map((r) => ({
    ...toPostingDto(r),
    applicants_count: Number(r.applicants_count ?? 0),
    new_applicants_count: Number(r.new_applicants_count ?? 0),
  }))
  return { postings, count, page, page_size: POSTINGS_PAGE_SIZE }
}

/** The company's data as its panel shows it, and whether the console verified it (spec §3 "Business data"). */
export function companyData(company: CompanyRef): BusinessData {
  return {
    email: company.email,
    name: company.name,
    phone: company.phone,
    logo: company.logo_url,
    verified: company.verified === 1,
  }
}

/** One page of the company's postings: all of them, those of one status (the panel's tabs), or a search's. */
export function listPostings(
  p: Pick<Platform, 'db' | 'dialect'>,
  company: Company,
  { page, search, status }: { page: number; search?: string; status?: PostingStatus },
) {
  return companyPostings(p, company.id, page, search, status)
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
export async function panelSummary(p: Pick<Platform, 'db' | 'now'>, company: Company): Promise<CompanyPanelSummary> {
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
      .where('jp.company_id', '=', company.id)
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
      .where('pc.company_id', '=', company.id)
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

/**
 * Creates a posting: saved as a draft first, then published in the same transaction when it asks
 * to be open (publishPosting), so a new open posting is published the one way.
 */
export async function createPosting(
  p: Pick<Platform, 'db' | 'now'>,
  company: Company,
  input: JobPostingValues,
): Promise<PostingCreated> {
  assertKnownCommune(input.id_commune)
  const now = p.now()
  const ts = now.toISOString()
  const id = await inTransaction(p.db, async (trx) => {
    const values = columns(input)
    const row = await trx
      .insertInto('job_postings')
      .values({
        company_id: company.id,
        ...values,
        status: values.status === 'open' ? 'draft' : values.status,
        created_at: ts,
        updated_at: ts,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (values.status === 'open') await publishPosting(trx, company.id, row.id, now)
    return row.id
  })
  return { message: input.status === 'draft' ? POSTING_MESSAGES.draftSaved : POSTING_MESSAGES.created, id }
}

/** One of the company's postings with every name, as its editor reads it; 404 for none. */
export async function readPosting(
  p: Pick<Platform, 'db'>,
  company: Company,
  { id }: PostingId,
): Promise<JobPostingDto> {
  const row = await postingsWithNames(p.db)
    .where('jp.id', '=', id)
    .where('jp.company_id', '=', company.id)
    .executeTakeFirst()
  // Another company's posting does not exist for this one.
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  return toPostingDto(row)
}

/**
 * Rewrites one of the company's postings from a whole posting's values; a draft updated with
 * status open is published (publishPosting). 409 for a move assertStatusChange refuses, 404 for none.
 */
export async function updatePosting(
  p: Pick<Platform, 'db' | 'now'>,
  company: Company,
  { id, values: input }: PostingId & { values: JobPostingValues },
): Promise<{ message: string }> {
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
  return { message }
}

/** Closes one of the company's postings: it no longer takes applications. A draft is 409 (it is not closed). */
export async function closePosting(
  p: Pick<Platform, 'db' | 'now'>,
  company: Company,
  { id }: PostingId,
): Promise<{ message: string }> {
  assertStatusChange(await ownStatus(p.db, company.id, id), 'closed')
  // Closing a closed one again is fine (a double click, two tabs): the answer is the same.
  const result = await p.db
    .updateTable('job_postings')
    .set({ status: 'closed', updated_at: p.now().toISOString() })
    .where('id', '=', id)
    .where('company_id', '=', company.id)
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(404, MESSAGES.notFound)
  return { message: POSTING_MESSAGES.closed }
}

/** Copies one of the company's postings, whatever its status, as a new draft without applicants. */
export async function duplicatePosting(
  p: Pick<Platform, 'db' | 'now'>,
  company: Company,
  { id }: PostingId,
): Promise<PostingCreated> {
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
  return { message: POSTING_MESSAGES.duplicated, id: row.id }
}

/** Deletes one of the company's postings; 404 for none. */
export async function deletePosting(
  p: Pick<Platform, 'db'>,
  company: Company,
  { id }: PostingId,
): Promise<{ message: string }> {
  // Applications and saves go with it (ON DELETE CASCADE).
  const result = await p.db
    .deleteFrom('job_postings')
    .where('id', '=', id)
    .where('company_id', '=', company.id)
    .executeTakeFirst()
  if (Number(result.numDeletedRows) !== 1) throw new ApiError(404, MESSAGES.notFound)
  return { message: POSTING_MESSAGES.deleted }
}
