import {
  applicantProfileSchema,
  applicantsMovedSchema,
  applicantsSchema,
  applicantsSeenSchema as applicantsSeenResponseSchema,
  applicationStatusUpdatedSchema,
  type Applicant,
  type ApplicantStatusCounts,
} from '#domain/contract/business'
import { okMessageSchema } from '#domain/contract/common'
import { dayInChile } from '#domain/format'
import { findCommune } from '#domain/reference-data/geography'
import { findVehicle } from '#domain/reference-data/vehicles'
import { emailToApplicantSchema } from '#domain/validation/applicant-email'
import {
  APPLICANTS_PAGE_SIZE,
  APPLICATION_STATUSES,
  applicantsBulkStatusSchema,
  applicantsQuerySchema,
  applicantsSeenSchema,
  applicationStatusSchema,
  type ApplicationStatus,
} from '#domain/validation/marketplace'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileResponse,
  idParams,
  jsonBody,
  jsonResponse,
  OpenAPIHono,
} from '#services/platform/contract'
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
import { currentCompany, type CompanyRef } from './company-context'

/** The vehicle type and commune the driver stated in «Mi perfil», named from the reference data; null: not stated. */
function statedPlace(u: { id_vehicle: number | null; id_commune: number | null }) {
  return {
    name_commune: u.id_commune === null ? null : (findCommune(u.id_commune)?.name_commune ?? null),
    name_vehicle: u.id_vehicle === null ? null : (findVehicle(u.id_vehicle)?.name_vehicle ?? null),
  }
}

export const APPLICANT_MESSAGES = {
  statusUpdated: 'Estado de la postulación actualizado.',
  statusesUpdated: 'Estado de las postulaciones actualizado.',
  emailSent: 'Correo enviado correctamente.',
} as const

/** The applicants of a company's postings, their status, the email to them and their public profile. */
export function applicantRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Empresas']
  const auth = requireRole(p, 'business')

  defineRoute(
    app,
    {
      method: 'get',
      path: '/job-postings/{id}/applicants',
      operationId: 'listApplicants',
      tags,
      summary: 'Los postulantes de una oferta de la empresa (?status= filtra por estado)',
      middleware: [auth],
      request: { params: idParams, query: applicantsQuerySchema },
      responses: { 200: jsonResponse(applicantsSchema, 'Oferta y postulantes'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const { counted, ...posting } = await postingWithCounts(company.id, c.req.valid('param').id)
      const { status: wanted, sort, page } = c.req.valid('query')
      const status = wanted ?? null
      const now = p.now()
      const offset = (page - 1) * APPLICANTS_PAGE_SIZE
      const order =
        sort === 'documentos'
          ? await byDocuments(posting.id, status, now, offset)
          : {
              page: pageColumns(posting.id, status)
                .orderBy('a.created_at', 'desc')
                .orderBy('a.id', 'desc')
                .limit(APPLICANTS_PAGE_SIZE)
                .offset(offset),
            }
      const rows = await applicantCards(now, order)
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
      const viewer = { kind: 'company' as const, userId: c.get('auth').userId, companyId: company.id }
      await recordViews(
        p.db,
        rows.map((r) => ({ viewer, subjectUserId: r.id_user, kind: 'contacto' as const, itemId: r.id_user, now })),
      )
      const status_counts = Object.fromEntries(
        APPLICATION_STATUSES.map((s) => [s, Number(counted[s] ?? 0)]),
      ) as ApplicantStatusCounts
      const total = Object.values(status_counts).reduce((a, b) => a + b, 0)
      return c.json({ posting, applicants, status, sort: sort ?? 'fecha', page, total, status_counts })
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/job-postings/{id}/applicants-seen',
      operationId: 'markApplicantsSeen',
      tags,
      summary: 'Marca como vistas las postulaciones que la empresa tuvo en pantalla',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(applicantsSeenSchema) },
      responses: {
        200: jsonResponse(applicantsSeenResponseSchema, 'Postulaciones marcadas'),
        ...errors(400, 401, 403, 404),
      },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const posting = await companyPosting(company.id, c.req.valid('param').id)
      const { applications } = c.req.valid('json')
      if (!applications.length) return c.json({ marked: 0 })
      // Only this posting's applications, and only the first time: seen_at keeps the first view.
      const result = await p.db
        .updateTable('applications')
        .set({ seen_at: p.now().toISOString() })
        .where('posting_id', '=', posting.id)
        .where('id', 'in', applications)
        .where('seen_at', 'is', null)
        .executeTakeFirst()
      return c.json({ marked: Number(result.numUpdatedRows) })
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/update-application-status/{id}',
      operationId: 'updateApplicationStatus',
      tags,
      summary: 'Cambia el estado de una postulación',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(applicationStatusSchema) },
      responses: {
        200: jsonResponse(applicationStatusUpdatedSchema, 'Estado actualizado'),
        ...errors(400, 401, 403, 404),
      },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const { id } = c.req.valid('param')
      const { status } = c.req.valid('json')
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
      await moveApplications([application], status, company, now)
      return c.json({ message: APPLICANT_MESSAGES.statusUpdated, status })
    },
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/job-postings/{id}/applicants-status',
      operationId: 'moveApplicants',
      tags,
      summary: 'Mueve varias postulaciones de una oferta a un estado: todas o ninguna',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(applicantsBulkStatusSchema) },
      responses: {
        200: jsonResponse(applicantsMovedSchema, 'Postulaciones movidas'),
        ...errors(400, 401, 403, 404),
      },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const posting = await companyPosting(company.id, c.req.valid('param').id)
      const { applications, status } = c.req.valid('json')
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
        rows.map((r) => ({ ...r, title: posting.title })),
        status,
        company,
        p.now(),
      )
      return c.json({ message: APPLICANT_MESSAGES.statusesUpdated, status, moved: rows.length })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/send-email-to-user-jobpostulate',
      operationId: 'emailApplicant',
      tags,
      summary: 'Envía un correo a un postulante',
      middleware: [auth],
      request: { body: jsonBody(emailToApplicantSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Correo enviado'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const input = c.req.valid('json')
      // Only drivers who applied to one of this company's postings can be written to; the mail
      // goes into the thread of their latest application to this company (decision 105).
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
          senderUserId: c.get('auth').userId,
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
      return c.json({ message: APPLICANT_MESSAGES.emailSent })
    },
  )

  /**
   * Moves applications to `status` in one transaction: each is seen from then on (acting on it is
   * seeing it), and a driver newly selected gets the «seleccionada» mail through the outbox.
   */
  /**
   * Moves applications to a stage in one transaction, all or none. Only a real change is an event
   * (of two requests setting the same stage, one changes it): each such driver is told, on the
   * channels they chose (decision 98), except for a move back to «nueva».
   */
  async function moveApplications(
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
  function ownApplications(postingId: number, status: ApplicationStatus | null) {
    return p.db
      .selectFrom('applications as a')
      .where('a.posting_id', '=', postingId)
      .where(visibleToCompanies('a.user_id'))
      .$if(status !== null, (q) => q.where('a.status', '=', status!))
  }

  /** What a page of applications is ordered by: the copy of the driver's n/22, the date, the id. */
  function pageColumns(postingId: number, status: ApplicationStatus | null) {
    return ownApplications(postingId, status).select(['a.id', 'a.documents_accepted as n', 'a.created_at'])
  }

  /**
   * A page of a posting's applications, most documents approved first, then newest (decision 113):
   * the applications whose copy of the driver's n/22 is still in force come in the order of
   * applications_posting_(stage_)documents_idx, as many as the pages up to this one; the few past
   * their copy's date get their n/22 on `now`'s day (acceptedInForce) and join them in order.
   * With none past its date (the hourly refresh ran since), the page is the index's, skipped to in
   * SQL: a query the cards read by; otherwise the page's ids in order.
   */
  async function byDocuments(postingId: number, status: ApplicationStatus | null, now: Date, offset: number) {
    const today = dayInChile(now)
    const own = ownApplications(postingId, status)
    const past = await own
      .innerJoin('driver_documents_accepted as dd', 'dd.user_id', 'a.user_id')
      .select(['a.id', acceptedInForce(now, 'dd').as('n'), 'a.created_at'])
      .where('a.documents_until', '<', today)
      .execute()
    const current = pageColumns(postingId, status)
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
  async function applicantCards(now: Date, order: ApplicantsPage) {
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

  /** One of this company's postings with its stage counts (posting_applicant_counts, decision 110); 404 otherwise. */
  async function postingWithCounts(companyId: number, id: number) {
    const row = await p.db
      .selectFrom('job_postings as jp')
      .leftJoin('posting_applicant_counts as pc', 'pc.posting_id', 'jp.id')
      .select(['jp.id', 'jp.title', 'jp.status', ...APPLICATION_STATUSES.map((s) => `pc.${s}` as const)])
      .where('jp.id', '=', id)
      .where('jp.company_id', '=', companyId)
      .executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    const { id: postingId, title, status, ...counted } = row
    return { id: postingId, title, status, counted }
  }

  /** One of this company's postings; another company's does not exist for it (404). */
  async function companyPosting(companyId: number, id: number) {
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
  async function applicantOf(companyId: number, userId: number) {
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

  defineRoute(
    app,
    {
      method: 'get',
      path: '/driver-profile/{id}',
      operationId: 'getApplicantProfile',
      tags,
      summary: 'El perfil público de un postulante de la empresa',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: jsonResponse(applicantProfileSchema, 'Perfil'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const driver = await applicantOf(company.id, c.req.valid('param').id)
      const [documents, experience] = await Promise.all([
        acceptedDocumentCounts(p.db, [driver.id], p.now()),
        driverExperience(p, driver.id),
      ])
      // The driver sees which company opened their profile (decision 78); no record, no profile.
      await recordView(p.db, {
        viewer: { kind: 'company', userId: c.get('auth').userId, companyId: company.id },
        subjectUserId: driver.id,
        kind: 'perfil',
        itemId: driver.id,
        now: p.now(),
      })
      // Public profile only: never documents themselves, bank data, RUT, phone or address.
      return c.json({
        id_user: driver.id,
        firstname: driver.firstname,
        lastname: driver.lastname,
        has_photo: driver.img_profile !== null,
        about_me: driver.about_me,
        ...statedPlace(driver),
        documents_accepted: documents.get(driver.id) ?? 0,
        documents_total: 22,
        experience,
      })
    },
  )

  // The driver's own photo route answers only to them; a company sees its applicants' here.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/driver-photo/{id}',
      operationId: 'getApplicantPhoto',
      tags,
      summary: 'La foto de un postulante de la empresa',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: fileResponse('La imagen', 'image/jpeg'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const company = await currentCompany(p, c)
      const driver = await applicantOf(company.id, c.req.valid('param').id)
      const image = await p.db
        .selectFrom('profile_images')
        .select(['storage_key', 'mime_type'])
        .where('user_id', '=', driver.id)
        .orderBy('id', 'desc')
        .executeTakeFirst()
      const bytes = image ? await p.files.get(image.storage_key) : null
      if (!image || !bytes) throw new ApiError(404, MESSAGES.notFound)
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': image.mime_type,
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
      })
    },
  )

  return app
}
