import {
  companyDetailSchema,
  companyListSchema,
  postingClosedSchema,
  verificationResultSchema,
} from '#domain/contract/admin'
import { ADMIN_MESSAGES, companyVerificationSchema, postingCloseSchema } from '#domain/validation/admin'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { changesPublicContent } from '#services/platform/invalidation'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { auditNames } from './audit-names'
import { postingClosedByAdminMail } from './mails'
import { actorOf, audit, likePattern } from './shared'

/** Companies: list, verification flag, their postings, closing a posting on their behalf. */
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
    async (c) => {
      const term = (c.req.query('q') ?? '').trim().slice(0, 100)
      let q = p.db.selectFrom('companies as co').select([
        'co.id',
        'co.name',
        'co.rut',
        'co.email',
        'co.phone',
        'co.contact_name',
        'co.logo_url',
        'co.verified',
        'co.created_at',
        (eb) =>
          eb
            .selectFrom('job_postings as jp')
            .select((e) => e.fn.countAll<string | number>().as('n'))
            .whereRef('jp.company_id', '=', 'co.id')
            .as('postings'),
        (eb) =>
          eb
            .selectFrom('job_postings as jp')
            .select((e) => e.fn.countAll<string | number>().as('n'))
            .whereRef('jp.company_id', '=', 'co.id')
            .where('jp.status', '=', 'open')
            .as('open_postings'),
      ])
      if (term) {
        const like = likePattern(term)
        q = q.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['co.name']), 'like', like),
            eb(eb.fn('lower', ['co.email']), 'like', like),
            eb(eb.fn('lower', ['co.rut']), 'like', like),
          ]),
        )
      }
      const rows = await q.orderBy('co.name').orderBy('co.id').limit(200).execute()
      return c.json({
        companies: rows.map((r) => ({
          ...r,
          verified: r.verified === 1,
          postings: Number(r.postings ?? 0),
          open_postings: Number(r.open_postings ?? 0),
        })),
      })
    },
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
    async (c) => {
      const { id } = c.req.valid('param')
      const company = await p.db
        .selectFrom('companies as co')
        .leftJoin('communes as cm', 'cm.id_commune', 'co.id_commune')
        .select([
          'co.id',
          'co.name',
          'co.rut',
          'co.email',
          'co.phone',
          'co.contact_name',
          'co.logo_url',
          'co.verified',
          'co.created_at',
          'cm.name_commune',
        ])
        .where('co.id', '=', id)
        .executeTakeFirst()
      if (!company) throw new ApiError(404, MESSAGES.notFound)
      const postings = await p.db
        .selectFrom('job_postings as jp')
        .innerJoin('communes as cm', 'cm.id_commune', 'jp.id_commune')
        .select([
          'jp.id',
          'jp.title',
          'jp.status',
          'jp.created_at',
          'jp.updated_at',
          'cm.name_commune',
          (eb) =>
            eb
              .selectFrom('applications as a')
              .select((e) => e.fn.countAll<string | number>().as('n'))
              .whereRef('a.posting_id', '=', 'jp.id')
              .as('applicants'),
        ])
        .where('jp.company_id', '=', id)
        .orderBy('jp.created_at', 'desc')
        .orderBy('jp.id', 'desc')
        .limit(500)
        .execute()
      // What the team did to the company and to its postings, newest first.
      const log = await p.db
        .selectFrom('admin_audit_log')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('entity_type', '=', 'company'), eb('entity_id', '=', id)]),
            eb.and([
              eb('entity_type', '=', 'job_posting'),
              eb('entity_id', 'in', eb.selectFrom('job_postings').select('id').where('company_id', '=', id)),
            ]),
          ]),
        )
        .orderBy('id', 'desc')
        .limit(50)
        .execute()
      return c.json({
        company: { ...company, verified: company.verified === 1 },
        postings: postings.map((r) => ({ ...r, applicants: Number(r.applicants ?? 0) })),
        audit: await auditNames(
          p.db,
          log.map((r) => ({
            id: r.id,
            actor: r.actor,
            action: r.action,
            entity_type: r.entity_type,
            entity_id: r.entity_id,
            before: r.before_json ? JSON.parse(r.before_json) : null,
            after: r.after_json ? JSON.parse(r.after_json) : null,
            created_at: r.created_at,
          })),
        ),
      })
    },
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
      const { id } = c.req.valid('param')
      const { verified } = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      await inTransaction(p.db, async (trx) => {
        const row = await trx.selectFrom('companies').select(['id', 'verified']).where('id', '=', id).executeTakeFirst()
        if (!row) throw new ApiError(404, MESSAGES.notFound)
        await trx
          .updateTable('companies')
          .set({ verified: verified ? 1 : 0 })
          .where('id', '=', id)
          .execute()
        await audit(
          trx,
          who,
          {
            action: verified ? 'company.verify' : 'company.unverify',
            entityType: 'company',
            entityId: id,
            before: { verified: row.verified === 1 },
            after: { verified },
          },
          now,
        )
      })
      return c.json({ message: verified ? ADMIN_MESSAGES.verified : ADMIN_MESSAGES.unverified, verified })
    },
  )

  /**
   * Closing a posting on the company's behalf: a reason is required; only an
   * open posting changes, and then, in the same transaction, the change is logged with the
   * reason and the company is mailed the reason (Reply-To: the team).
   */
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
      const { id } = c.req.valid('param')
      const { reason } = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      const ts = now.toISOString()
      const changed = await inTransaction(p.db, async (trx) => {
        const row = await trx
          .selectFrom('job_postings as jp')
          .innerJoin('companies as co', 'co.id', 'jp.company_id')
          .select([
            'jp.id',
            'jp.status',
            'jp.company_id',
            'jp.title',
            'co.name as company_name',
            'co.email as company_email',
          ])
          .where('jp.id', '=', id)
          .executeTakeFirst()
        if (!row) throw new ApiError(404, MESSAGES.notFound)
        const res = await trx
          .updateTable('job_postings')
          .set({ status: 'closed', updated_at: ts })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .executeTakeFirst()
        if (Number(res.numUpdatedRows) !== 1) return false
        await audit(
          trx,
          who,
          {
            action: 'posting.close',
            entityType: 'job_posting',
            entityId: id,
            before: { status: row.status },
            after: { status: 'closed', company_id: row.company_id, reason },
          },
          now,
        )
        await enqueueEmail(
          trx,
          postingClosedByAdminMail(row.company_email, {
            companyName: row.company_name,
            postingTitle: row.title,
            reason,
            link: `${p.publicUrl}/business/dashboard`,
            replyTo: p.config.TEAM_EMAIL,
          }),
          now,
        )
        return true
      })
      if (changed) p.wakeOutbox()
      return c.json({
        message: changed ? ADMIN_MESSAGES.postingClosed : ADMIN_MESSAGES.postingAlreadyClosed,
        status: 'closed',
        changed,
      })
    },
  )

  return app
}
