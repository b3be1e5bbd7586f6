import type { z } from 'zod'
import type { Applicant, ApplicantStatusCounts } from '#domain/contract/business'
import { dayInChile } from '#domain/format'
import { findCommune } from '#domain/reference-data/geography'
import { findVehicle } from '#domain/reference-data/vehicles'
import type { emailToApplicantSchema } from '#domain/validation/applicant-email'
import {
  APPLICANTS_PAGE_SIZE,
  APPLICATION_STATUSES,
  type applicantsBulkStatusSchema,
  type applicantsQuerySchema,
  type applicantsSeenSchema,
  type applicationStatusSchema,
  type ApplicationStatus,
} from '#domain/validation/marketplace'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { visibleToCompanies } from '#services/shared/account-visibility'
import { threadRef, writeMessage } from '#services/shared/application-messages'
import { recordView, recordViews } from '#services/shared/data-views'
import { acceptedDocumentCounts, driverExperience, experienceSummaries } from '#services/shared/driver-facts'
import { notifyApplicationStatus } from '#services/shared/driver-notifications'
import { messageFromCompanyMail } from '#services/shared/marketplace-mails'
import { acceptedInForce } from '#services/shared/validated-drivers'
import type { CompanyActor, CompanyRef } from './company-context'

/**
 * The applicants of a company's postings as operations `(platform, company, input) → result`:
 * the list of a posting's applicants, marking them seen, moving them between stages (one or
 * several), writing to one, and one's public profile and photo. A posting or an applicant that
 * is not the company's does not exist for it (404). The routes (applicants.ts) read the request
 * and answer with the result; tests and scripts call the operations directly.
 */

export const APPLICANT_MESSAGES = {
  statusUpdated: 'Estado de la postulación actualizado.',
  statusesUpdated: 'Estado de las postulaciones actualizado.',
  emailSent: 'Correo enviado correctamente.',
} as const

/** One row addressed by id: a posting, an application or a driver, as the route's path names it. */
interface ById {
  id: number
}

/** The vehicle type and commune the driver stated in «Mi perfil», named from the reference data; null: not stated. */
function statedPlace(u: { id_vehicle: number | null; id_commune: number | null }) {
  return {
    name_commune: u.id_commune === null ? null : (findCommune(u.id_commune)?.name_commune ?? null),
    name_vehicle: u.id_vehicle === null ? null : (findVehicle(u.id_vehicle)?.name_vehicle ?? null),
  }
}

/** A page of a posting's applicants, of one stage or all, with the posting and its stage counts. */
export async function listApplicants(
  p: Platform,
  actor: CompanyActor,
  input: ById & z.output<typeof applicantsQuerySchema>,
) {
  const { company } = actor
  const { status: wanted, sort, page } = input
  const status = wanted ?? null
  const now = p.now()
  const byDocs = sort === 'documentos'
  const { posting, status_counts, anyPast } = await postingWithCounts(
    p,
    company.id,
    input.id,
    byDocs ? { status, now } : null,
  )
  const offset = (page - 1) * APPLICANTS_PAGE_SIZE
  const order = byDocs
    ? await byDocuments(p, posting.id, status, now, offset, anyPast)
    : {
        page: pageColumns(p, posting.id, status)
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .limit(APPLICANTS_PAGE_SIZE)
          .offset(offset),
      }
  const rows = await applicantCards(p, now, order)
  const experience = await experienceSummaries(
    p,
    rows.map((r) => r.id_user),
  )

  const applicants: Applicant[] = rows.map((r) => ({
    id_application: r.id_application,
    id_user: r.id_user,
    name: `${r.firstname} ${r.lastname}`.trim(),
    email: r.email,
    phone: r.phone,
    has_photo: r.img_profile !== null,
    ...statedPlace(r),
    status: r.status as ApplicationStatus,
    applied_at: r.created_at,
    is_new: r.seen_at === null,
    unread_messages: r.company_unread,
    documents_accepted: Number(r.documents_accepted ?? 0),
    documents_total: 22,
    experience: experience.get(r.id_user) ?? { jobs: 0, since: null, latest_title: null, latest_company: null },
  }))
  // Each card shows the applicant's email and phone: one view per applicant shown (decision 78).
  const viewer = { kind: 'company' as const, userId: actor.userId, companyId: company.id }
  await recordViews(
    p.db,
    rows.map((r) => ({ viewer, subjectUserId: r.id_user, kind: 'contacto' as const, itemId: r.id_user, now })),
  )
  const total = Object.values(status_counts).reduce((a, b) => a + b, 0)
  return { posting, applicants, status, sort: sort ?? 'fecha', page, total, status_counts }
}

/** Marks as seen the posting's applications the company had on screen; `marked`: those seen for the first time. */
export async function markApplicantsSeen(
  p: Platform,
  actor: CompanyActor,
  input: ById & z.output<typeof applicantsSeenSchema>,
) {
  const posting = await companyPosting(p, actor.company.id, input.id)
  const { applications } = input
  if (!applications.length) return { marked: 0 }
  // Only this posting's applications, and only the first time: seen_at keeps the first view.
  const result = await p.db
    .updateTable('applications')
    .set({ seen_at: p.now().toISOString() })
    .where('posting_id', '=', posting.id)
    .where('id', 'in', applications)
    .where('seen_at', 'is', null)
    .executeTakeFirst()
  return { marked: Number(result.numUpdatedRows) }
}

/** Moves one application (`id`) of any of the company's postings to a stage. */
export async function updateApplicationStatus(
  p: Platform,
  actor: CompanyActor,
  input: ById & z.output<typeof applicationStatusSchema>,
) {
  const { company } = actor
  const { id, status } = input
  const now = p.now()
  const application = await p.db
    .selectFrom('applications as a')
    .innerJoin('job_postings as jp', 'jp.id', 'a.posting_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.status', 'a.user_id', 'jp.title', 'u.email', 'u.firstname'])
    .where('a.id', '=', id)
    .where('jp.company_id', '=', company.id)
    .where(visibleToCompanies('a.user_id'))
    .executeTakeFirst()
  if (!application) throw new ApiError(404, MESSAGES.notFound)
  await moveApplications(p, [application], status, company, now)
  return { message: APPLICANT_MESSAGES.statusUpdated, status }
}

/** Moves several applications of one posting (`id`) to a stage: all or none. */
export async function moveApplicants(
  p: Platform,
  actor: CompanyActor,
  input: ById & z.output<typeof applicantsBulkStatusSchema>,
) {
  const { company } = actor
  const posting = await companyPosting(p, company.id, input.id)
  const { applications, status } = input
  const wanted = [...new Set(applications)]
  const rows = await p.db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.status', 'a.user_id', 'u.email', 'u.firstname'])
    .where('a.posting_id', '=', posting.id)
    .where('a.id', 'in', wanted)
    .where(visibleToCompanies('a.user_id'))
    .execute()
  // One that is not this posting's (or no longer visible) stops the whole move: nothing is written.
  if (rows.length !== wanted.length) throw new ApiError(404, MESSAGES.notFound)
  await moveApplications(
    p,
    rows.map((r) => ({ ...r, title: posting.title })),
    status,
    company,
    p.now(),
  )
  return { message: APPLICANT_MESSAGES.statusesUpdated, status, moved: rows.length }
}

/**
 * Writes to an applicant by email. Only drivers who applied to one of this company's postings can
 * be written to; the mail goes into the thread of their latest application to this company
 * (decision 105). At most 200 mails an hour per company (times RATE_LIMIT_FACTOR), then 429.
 */
export async function emailApplicant(p: Platform, actor: CompanyActor, input: z.output<typeof emailToApplicantSchema>) {
  const { company } = actor
  const driver = await p.db
    .selectFrom('users as u')
    .innerJoin('applications as a', 'a.user_id', 'u.id')
    .innerJoin('job_postings as jp', 'jp.id', 'a.posting_id')
    .select(['u.id', 'u.email', 'u.firstname', 'a.id as application_id'])
    .where('u.email', '=', input.user_email.toLowerCase())
    .where('u.role', '=', 'User')
    .where('jp.company_id', '=', company.id)
    .where(visibleToCompanies('u.id'))
    .orderBy('a.id', 'desc')
    .executeTakeFirst()
  if (!driver) throw new ApiError(404, MESSAGES.notFound)
  const limit = await p.limiter.hit(`applicant-mail:${company.id}`, 200 * p.config.RATE_LIMIT_FACTOR, 60 * 60_000)
  if (!limit.allowed) throw new ApiError(429, MESSAGES.tooMany)
  const now = p.now()
  const thread = await threadRef(p.db, driver.application_id, { company: company.id })
  // Signed with the company's stored name, email and phone: nobody writes as another company.
  await writeMessage(
    p,
    thread,
    {
      sender: 'company',
      senderUserId: actor.userId,
      subject: input.subject,
      body: input.message,
      instead: (trx) =>
        enqueueEmail(
          trx,
          messageFromCompanyMail(driver.email, {
            driverName: driver.firstname,
            subject: input.subject,
            message: input.message,
            companyName: company.name,
            companyEmail: company.email,
            companyPhone: company.phone,
          }),
          now,
        ),
    },
    now,
  )
  return { message: APPLICANT_MESSAGES.emailSent }
}

/** The public profile of one of the company's applicants (`id`: the driver), recorded as seen by it. */
export async function applicantProfile(p: Platform, actor: CompanyActor, input: ById) {
  const { company } = actor
  const driver = await applicantOf(p, company.id, input.id)
  const [documents, experience] = await Promise.all([
    acceptedDocumentCounts(p.db, [driver.id], p.now()),
    driverExperience(p, driver.id),
  ])
  // The driver sees which company opened their profile (decision 78); no record, no profile.
  await recordView(p.db, {
    viewer: { kind: 'company', userId: actor.userId, companyId: company.id },
    subjectUserId: driver.id,
    kind: 'perfil',
    itemId: driver.id,
    now: p.now(),
  })
  // Public profile only: never documents themselves, bank data, RUT, phone or address.
  return {
    id_user: driver.id,
    firstname: driver.firstname,
    lastname: driver.lastname,
    has_photo: driver.img_profile !== null,
    about_me: driver.about_me,
    ...statedPlace(driver),
    documents_accepted: documents.get(driver.id) ?? 0,
    documents_total: 22,
    experience,
  }
}

/** The latest photo of one of the company's applicants (`id`: the driver); 404 without one. */
export async function applicantPhoto(p: Platform, actor: CompanyActor, input: ById) {
  const driver = await applicantOf(p, actor.company.id, input.id)
  const image = await p.db
    .selectFrom('profile_images')
    .select(['storage_key', 'mime_type'])
    .where('user_id', '=', driver.id)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  const bytes = image ? await p.files.get(image.storage_key) : null
  if (!image || !bytes) throw new ApiError(404, MESSAGES.notFound)
  return { bytes, mimeType: image.mime_type }
}

/**
 * Moves applications to a stage in one transaction, all or none. Only a real change is an event
 * (of two requests setting the same stage, one changes it): each such driver is told, on the
 * channels they chose (decision 98), except for a move back to «nueva».
 */
async function moveApplications(
  p: Platform,
  applications: Array<{ id: number; user_id: number; email: string; firstname: string; title: string }>,
  status: ApplicationStatus,
  company: CompanyRef,
  now: Date,
) {
  const ids = applications.map((a) => a.id)
  const ts = now.toISOString()
  await inTransaction(p.db, async (trx) => {
    const changed = await trx
      .updateTable('applications')
      .set({ status, updated_at: ts })
      .where('id', 'in', ids)
      .where('status', '!=', status)
      .returning('id')
      .execute()
    // Acting on them is seeing them: they no longer count among the posting's new applicants.
    await trx
      .updateTable('applications')
      .set({ seen_at: ts })
      .where('id', 'in', ids)
      .where('seen_at', 'is', null)
      .execute()
    if (status === 'nueva') return
    const moved = new Set(changed.map((r) => r.id))
    const link = `${p.publicUrl}/user/dashboard/job-postings/postuladas`
    for (const a of applications) {
      if (!moved.has(a.id)) continue
      await notifyApplicationStatus(
        trx,
        {
          userId: a.user_id,
          firstname: a.firstname,
          email: a.email,
          applicationId: a.id,
          status,
          postingTitle: a.title,
          companyName: company.name,
          companyEmail: company.email,
          changedAt: ts,
          link,
        },
        now,
      )
    }
  })
  p.wakeOutbox()
}

/** A posting's applications the company may see, or those of one stage. */
function ownApplications(p: Platform, postingId: number, status: ApplicationStatus | null) {
  return p.db
    .selectFrom('applications as a')
    .where('a.posting_id', '=', postingId)
    .where(visibleToCompanies('a.user_id'))
    .$if(status !== null, (q) => q.where('a.status', '=', status!))
}

/** What a page of applications is ordered by: the copy of the driver's n/22, the date, the id. */
function pageColumns(p: Platform, postingId: number, status: ApplicationStatus | null) {
  return ownApplications(p, postingId, status).select(['a.id', 'a.documents_accepted as n', 'a.created_at'])
}

/**
 * A page of a posting's applications, most documents approved first, then newest (decision 113):
 * the applications whose copy of the driver's n/22 is still in force come in the order of
 * applications_posting_(stage_)documents_idx, as many as the pages up to this one; the few past
 * their copy's date get their n/22 on `now`'s day (acceptedInForce) and join them in order.
 * `anyPast` (postingWithCounts) says whether any may be past its date: the hourly refresh leaves
 * almost none, so usually there is nothing to read apart and the page is the index's, skipped to
 * in SQL: a query the cards read by; otherwise the page's ids in order.
 */
async function byDocuments(
  p: Platform,
  postingId: number,
  status: ApplicationStatus | null,
  now: Date,
  offset: number,
  anyPast: boolean,
) {
  const today = dayInChile(now)
  const past = anyPast
    ? await ownApplications(p, postingId, status)
        .innerJoin('driver_documents_accepted as dd', 'dd.user_id', 'a.user_id')
        .select(['a.id', acceptedInForce(now, 'dd').as('n'), 'a.created_at'])
        .where('a.documents_until', '<', today)
        .execute()
    : []
  const current = pageColumns(p, postingId, status)
    .where((eb) => eb.or([eb('a.documents_until', 'is', null), eb('a.documents_until', '>=', today)]))
    .orderBy('a.documents_accepted', 'desc')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
  if (!past.length) return { page: current.limit(APPLICANTS_PAGE_SIZE).offset(offset), byDocuments: true }
  return {
    ids: [...(await current.limit(offset + APPLICANTS_PAGE_SIZE).execute()), ...past]
      .map((r) => ({ id: r.id, n: Number(r.n ?? 0), at: r.created_at }))
      .sort((x, y) => y.n - x.n || (x.at < y.at ? 1 : x.at > y.at ? -1 : y.id - x.id))
      .slice(offset, offset + APPLICANTS_PAGE_SIZE)
      .map((r) => r.id),
  }
}

/** A page of applications as a query (ordered, limited) the cards join, or its ids in order. */
type ApplicantsPage = { page: ReturnType<typeof pageColumns>; byDocuments?: boolean } | { ids: number[] }

/**
 * The cards of a page of applicants, in the page's order, each with the driver's n/22 on `now`'s
 * day from their row of driver_documents_accepted: one statement, the page's query joined to the
 * applications and drivers (or the page's ids, ordered here).
 */
async function applicantCards(p: Platform, now: Date, order: ApplicantsPage) {
  const cards = p.db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('driver_documents_accepted as dd', 'dd.user_id', 'a.user_id')
    .select([
      'a.id as id_application',
      'a.status',
      'a.created_at',
      'a.seen_at',
      'a.company_unread',
      'u.id as id_user',
      'u.firstname',
      'u.lastname',
      'u.email',
      'u.phone',
      'u.img_profile',
      'u.id_vehicle',
      'u.id_commune',
      acceptedInForce(now, 'dd').as('documents_accepted'),
    ])
  if ('ids' in order) {
    if (!order.ids.length) return []
    const position = new Map(order.ids.map((id, i) => [id, i]))
    const rows = await cards.where('a.id', 'in', order.ids).execute()
    return rows.sort((x, y) => position.get(x.id_application)! - position.get(y.id_application)!)
  }
  return cards
    .innerJoin(order.page.as('pg'), 'pg.id', 'a.id')
    .$if(Boolean(order.byDocuments), (q) => q.orderBy('pg.n', 'desc'))
    .orderBy('pg.created_at', 'desc')
    .orderBy('pg.id', 'desc')
    .execute()
}

/**
 * One of this company's postings and its stage counts (posting_applicant_counts, decision 110);
 * 404 otherwise. With `past` (the order by documents), also `anyPast`: whether any of its
 * applications, of that stage if one, has its copy of the driver's n/22 past its date (before
 * `now`'s day), read in the same statement from applications_posting_expiry_idx so that the usual
 * answer, none, costs no round trip of its own. It does not leave out the drivers companies may
 * not see (visibleToCompanies): a true only means byDocuments reads the applications past their
 * date, and that statement leaves them out.
 */
async function postingWithCounts(
  p: Platform,
  companyId: number,
  id: number,
  past: { status: ApplicationStatus | null; now: Date } | null,
) {
  const row = await p.db
    .selectFrom('job_postings as jp')
    .leftJoin('posting_applicant_counts as pc', 'pc.posting_id', 'jp.id')
    .select(['jp.id', 'jp.title', 'jp.status', ...APPLICATION_STATUSES.map((s) => `pc.${s}` as const)])
    .$if(past !== null, (q) =>
      q.select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('applications as a')
              .select('a.id')
              .where('a.posting_id', '=', id)
              .where('a.documents_until', '<', dayInChile(past!.now))
              .$if(past!.status !== null, (w) => w.where('a.status', '=', past!.status!)),
          )
          .as('any_past'),
      ),
    )
    .where('jp.id', '=', id)
    .where('jp.company_id', '=', companyId)
    .executeTakeFirst()
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  const status_counts = Object.fromEntries(
    APPLICATION_STATUSES.map((s) => [s, Number(row[s] ?? 0)]),
  ) as ApplicantStatusCounts
  // SQLite answers EXISTS with 1 or 0, PostgreSQL with true or false.
  const anyPast = Boolean(Number(row.any_past ?? 0))
  return { posting: { id: row.id, title: row.title, status: row.status }, status_counts, anyPast }
}

/** One of this company's postings; another company's does not exist for it (404). */
async function companyPosting(p: Platform, companyId: number, id: number) {
  const posting = await p.db
    .selectFrom('job_postings')
    .select(['id', 'title', 'status'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  if (!posting) throw new ApiError(404, MESSAGES.notFound)
  return posting
}

/** A driver this company may look at: one who applied to any of its postings. */
async function applicantOf(p: Platform, companyId: number, userId: number) {
  const driver = await p.db
    .selectFrom('users as u')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.img_profile', 'u.about_me', 'u.id_vehicle', 'u.id_commune'])
    .where('u.id', '=', userId)
    .where('u.role', '=', 'User')
    .where(visibleToCompanies('u.id'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('applications as a')
          .innerJoin('job_postings as jp', 'jp.id', 'a.posting_id')
          .select('a.id')
          .whereRef('a.user_id', '=', 'u.id')
          .where('jp.company_id', '=', companyId),
      ),
    )
    .executeTakeFirst()
  if (!driver) throw new ApiError(404, MESSAGES.notFound)
  return driver
}
