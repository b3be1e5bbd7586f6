import { sql } from 'kysely'
import { OPTIONAL_DOCUMENT_SLOT, REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/documents'
import { rutSearchHashes } from '#services/platform/column-crypto'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { recordRutsShown, recordView, viewsForConsole } from '#services/shared/data-views'
import { countValidatedDrivers, inForceSql, latestRecords } from '#services/shared/validated-drivers'
import { auditEntries } from './audit-names'
import { slotStates } from './document-review-operations'
import { likePattern } from './shared'

/**
 * The console's drivers as operations `(platform, staff member, input) → result`: the list and its
 * search, one driver with everything the team reviews of them, and the trail of who saw their
 * sensitive items. Both the list and the driver show RUTs, so the staff member who reads them is
 * recorded as having seen each one (decision 78). The routes (drivers.ts, data-views.ts) read the
 * session's account and the input and answer with the result; tests and scripts call the
 * operations directly.
 */

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

/** The list's query: a search term, only the validated ones, and the page (1 to 10 000; anything else is 1). */
export interface DriverListQuery {
  q?: string
  validated?: boolean
  page?: number
}

/** One driver, by the id of the call's path. */
interface ById {
  id: number
}

/**
 * The drivers, newest first, DRIVERS_PAGE_SIZE a page, each with their documents counted over the
 * latest record of each slot; `q` (up to 100 characters) finds them by name, email, whole RUT or
 * address. The count is the search's; validated_total counts every validated driver.
 */
export async function listDrivers(p: Platform, staffUserId: number, { q, validated, page: asked }: DriverListQuery) {
  const term = (q ?? '').trim().slice(0, 100)
  const page = Math.max(1, Math.min(10_000, Math.trunc(asked ?? 1) || 1))
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
  let query = p.db.selectFrom('users as u').leftJoin(latest.as('d'), 'd.user_id', 'u.id').where('u.role', '=', 'User')
  if (term) {
    const like = likePattern(term)
    // The RUT is encrypted: a whole RUT is found by its keyed hash, a part of one finds nothing (decision 80).
    const ruts = rutSearchHashes(p.columns, term)
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.firstname || ' ' || u.lastname)`, 'like', like),
        eb(eb.fn('lower', ['u.email']), 'like', like),
        ...(ruts ? [eb('u.rut_hmac', 'in', ruts)] : []),
        eb(eb.fn('lower', ['u.address']), 'like', like),
      ]),
    )
  }
  if (validated) query = query.where('d.accepted', '=', REQUIRED_DOCUMENT_COUNT)
  const [rows, total, validatedTotal] = await Promise.all([
    query
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
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
    countValidatedDrivers(p.db, p.now()),
  ])
  // The list shows each driver's RUT (decision 78).
  await recordRutsShown(p.db, staffUserId, rows, now)
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
  return {
    drivers,
    count: Number(total.n),
    page,
    page_size: DRIVERS_PAGE_SIZE,
    validated_total: validatedTotal,
  }
}

/**
 * One driver with their document slots, experience, applications, simple powers and the team's
 * last 30 reviews of their documents; 404 for none (or an account that is not a driver's).
 */
export async function readDriver(p: Platform, staffUserId: number, { id }: ById) {
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
      viewer: { kind: 'staff', userId: staffUserId },
      subjectUserId: id,
      kind: 'rut',
      itemId: id,
      now: p.now(),
    })
  return {
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
    reviews: await auditEntries(p.db, log),
  }
}

/** Who saw one driver's sensitive items, newest first, a page of them (decision 78); 404 for no such driver. */
export async function driverDataViews(p: Pick<Platform, 'db'>, { id, page }: ById & { page: number }) {
  const driver = await p.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('role', '=', 'User')
    .executeTakeFirst()
  if (!driver) throw new ApiError(404, MESSAGES.notFound)
  return viewsForConsole(p.db, id, page)
}
