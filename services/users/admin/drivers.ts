import { sql } from 'kysely'
import { driverDetailSchema, driverListSchema } from '#domain/contract/admin'
import { OPTIONAL_DOCUMENT_SLOT, REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/documents'
import type { AuthEnv } from '#services/platform/auth'
import { rutSearchHashes } from '#services/platform/column-crypto'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { recordRutsShown, recordView } from '#services/shared/data-views'
import { countValidatedDrivers, inForceSql, latestRecords } from '#services/shared/validated-drivers'
import { auditNames } from './audit-names'
import { slotStates } from './documents'
import { likePattern } from './shared'

export const DRIVERS_PAGE_SIZE = 25

export interface DriverListItem {
  id: number
  name: string
  email: string
  rut: string | null
  phone: string | null
  address: string | null
  name_commune: string | null
  created_at: string
  documents: {
    accepted: number
    pending: number
    rejected: number
    expired: number
    total: typeof REQUIRED_DOCUMENT_COUNT
  }
  validated: boolean
}

/** Drivers: search by name, RUT, email or commune (the address, and the commune when known). */
export function adminDriverRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/drivers',
      operationId: 'listDrivers',
      tags,
      summary: 'Los conductores (búsqueda q, validados=1, page en la consulta)',
      responses: { 200: jsonResponse(driverListSchema, 'Conductores'), ...errors(401, 403) },
    },
    async (c) => {
      const term = (c.req.query('q') ?? '').trim().slice(0, 100)
      const onlyValidated = c.req.query('validados') === '1'
      const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1))
      // Per driver, over the latest record of each slot: accepted (required, unexpired), pending, rejected, expired.
      const now = p.now()
      const latest = latestRecords(p.db)
        .select([
          'f.user_id',
          sql<number>`sum(case when f.file_status = 'ACCEPTED' and f.purpose_name <> ${OPTIONAL_DOCUMENT_SLOT}
            and ${inForceSql(now)} then 1 else 0 end)`.as('accepted'),
          sql<number>`sum(case when f.file_status = 'PENDING' then 1 else 0 end)`.as('pending'),
          sql<number>`sum(case when f.file_status = 'REJECTED' then 1 else 0 end)`.as('rejected'),
          sql<number>`sum(case when f.file_status <> 'REJECTED' and not ${inForceSql(now)} then 1 else 0 end)`.as(
            'expired',
          ),
        ])
        .groupBy('f.user_id')
      let q = p.db.selectFrom('users as u').leftJoin(latest.as('d'), 'd.user_id', 'u.id').where('u.role', '=', 'User')
      if (term) {
        const like = likePattern(term)
        // The RUT is encrypted: a whole RUT is found by its keyed hash, a part of one finds nothing (decision 80).
        const ruts = rutSearchHashes(p.columns, term)
        q = q.where((eb) =>
          eb.or([
            eb(sql<string>`lower(u.firstname || ' ' || u.lastname)`, 'like', like),
            eb(eb.fn('lower', ['u.email']), 'like', like),
            ...(ruts ? [eb('u.rut_hmac', 'in', ruts)] : []),
            eb(eb.fn('lower', ['u.address']), 'like', like),
          ]),
        )
      }
      if (onlyValidated) q = q.where('d.accepted', '=', REQUIRED_DOCUMENT_COUNT)
      const [rows, total, validatedTotal] = await Promise.all([
        q
          .select([
            'u.id',
            'u.firstname',
            'u.lastname',
            'u.email',
            'u.rut',
            'u.phone',
            'u.address',
            'u.created_at',
            'd.accepted',
            'd.pending',
            'd.rejected',
            'd.expired',
          ])
          .orderBy('u.created_at', 'desc')
          .orderBy('u.id', 'desc')
          .limit(DRIVERS_PAGE_SIZE)
          .offset((page - 1) * DRIVERS_PAGE_SIZE)
          .execute(),
        q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
        countValidatedDrivers(p.db, p.now()),
      ])
      // The list shows each driver's RUT (decision 78).
      await recordRutsShown(p.db, c.get('auth').userId, rows, now)
      const drivers: DriverListItem[] = rows.map((r) => {
        const accepted = Number(r.accepted ?? 0)
        return {
          id: r.id,
          name: `${r.firstname} ${r.lastname}`.trim(),
          email: r.email,
          rut: p.columns.openNullable('rut', r.rut),
          phone: r.phone,
          address: r.address,
          name_commune: null, // drivers record no commune or vehicle yet (spec §5)
          created_at: r.created_at,
          documents: {
            accepted,
            pending: Number(r.pending ?? 0),
            rejected: Number(r.rejected ?? 0),
            expired: Number(r.expired ?? 0),
            total: REQUIRED_DOCUMENT_COUNT,
          },
          validated: accepted === REQUIRED_DOCUMENT_COUNT,
        }
      })
      return c.json({
        drivers,
        count: Number(total.n),
        page,
        page_size: DRIVERS_PAGE_SIZE,
        validated_total: validatedTotal,
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/drivers/{id}',
      operationId: 'getDriver',
      tags,
      summary: 'Un conductor con sus documentos, experiencia, postulaciones, poderes y revisiones',
      request: { params: idParams },
      responses: { 200: jsonResponse(driverDetailSchema, 'Conductor'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const user = await p.db
        .selectFrom('users')
        .select([
          'id',
          'firstname',
          'lastname',
          'email',
          'rut',
          'phone',
          'address',
          'about_me',
          'email_verified',
          'created_at',
        ])
        .where('id', '=', id)
        .where('role', '=', 'User')
        .executeTakeFirst()
      if (!user) throw new ApiError(404, MESSAGES.notFound)
      const [slots, experience, applications, powers, log] = await Promise.all([
        slotStates(p.db, id, p.now()),
        p.db
          .selectFrom('work_experience')
          .select([
            'id',
            'job_title',
            'company_name',
            'type_employment',
            'location',
            'start_date',
            'end_date',
            'job_description',
          ])
          .where('user_id', '=', id)
          .orderBy('start_date', 'desc')
          .execute(),
        p.db
          .selectFrom('applications as a')
          .innerJoin('job_postings as jp', 'jp.id', 'a.posting_id')
          .innerJoin('companies as co', 'co.id', 'jp.company_id')
          .select([
            'a.id',
            'a.status',
            'a.created_at',
            'jp.id as posting_id',
            'jp.title',
            'jp.status as posting_status',
            'co.name as company_name',
            (eb) =>
              eb
                .selectFrom('application_messages as m')
                .select((m) => m.fn.countAll<number | string>().as('n'))
                .whereRef('m.application_id', '=', 'a.id')
                .as('messages'),
          ])
          .where('a.user_id', '=', id)
          .orderBy('a.created_at', 'desc')
          .execute(),
        p.db
          .selectFrom('simple_powers')
          .select([
            'id',
            'full_name_owner',
            'rut_owner',
            'vehicle_brand',
            'vehicle_model',
            'vehicle_license_plate',
            'status',
            'created_at',
            'document_file_id',
          ])
          .where('user_id', '=', id)
          .orderBy('id', 'desc')
          .execute(),
        p.db
          .selectFrom('admin_audit_log')
          .selectAll()
          .where('entity_type', '=', 'user_file')
          .where('entity_id', 'in', p.db.selectFrom('user_files').select('id').where('user_id', '=', id))
          .orderBy('id', 'desc')
          .limit(30)
          .execute(),
      ])
      const accepted = slots.filter((s) => !s.optional && s.file_status === 'ACCEPTED' && !s.expired).length
      // The page shows the driver's RUT: recorded before it is sent (decision 78).
      if (user.rut)
        await recordView(p.db, {
          viewer: { kind: 'staff', userId: c.get('auth').userId },
          subjectUserId: id,
          kind: 'rut',
          itemId: id,
          now: p.now(),
        })
      return c.json({
        driver: {
          id: user.id,
          name: `${user.firstname} ${user.lastname}`.trim(),
          firstname: user.firstname,
          lastname: user.lastname,
          email: user.email,
          rut: p.columns.openNullable('rut', user.rut),
          phone: user.phone,
          address: user.address,
          about_me: user.about_me,
          email_verified: user.email_verified === 1,
          created_at: user.created_at,
          name_commune: null, // drivers record no commune or vehicle yet (spec §5)
          name_vehicle: null,
        },
        slots,
        documents: { accepted, total: REQUIRED_DOCUMENT_COUNT },
        validated: accepted === REQUIRED_DOCUMENT_COUNT,
        experience,
        applications: applications.map((a) => ({ ...a, messages: Number(a.messages ?? 0) })),
        powers: powers.map((power) => ({ ...power, rut_owner: p.columns.open('rut', power.rut_owner) })),
        reviews: await auditNames(
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

  return app
}
