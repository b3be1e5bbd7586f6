import type { Context } from 'hono'
import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely'
import { z } from 'zod'
import {
  documentDetailSchema,
  documentPagesSchema,
  expiringDocumentsSchema,
  queueSchema,
  reviewResultSchema,
  type AuditSubject,
} from '#domain/contract/admin'
import { addDays, dayInChile, daysBetween } from '#domain/format'
import { parsePhotoFlags, type PhotoFlag } from '#domain/photo-quality'
import { FILE_REMOVED } from '#domain/reference-data/documents'
import {
  DOCUMENT_SLOT_KEYS,
  EXPIRY_WARNING_DAYS,
  findDocumentSlot,
  isExpired,
  isExpiringSlot,
  OPTIONAL_DOCUMENT_SLOT,
  type DocumentSlotKey,
  type DocumentStatus,
} from '#domain/reference-data/documents'
import { QUEUE_COUNT_CAP } from '#domain/review-queue'
import {
  ADMIN_MESSAGES,
  documentQueueQuerySchema,
  reviewDecisionSchema,
  type QueueDue,
  type QueueOrigin,
} from '#domain/validation/admin'
import { checkExpiryDate, EXPIRY_MESSAGES } from '#domain/validation/documents'
import {
  addWorkingHours,
  closingToday,
  REVIEW_HOURS,
  subtractWorkingHours,
  subtractWorkingMs,
  workingHoursBetween,
} from '#domain/working-hours'
import type { AuthEnv } from '#services/platform/auth'
import { rutSearchHashes, type ColumnCipher } from '#services/platform/column-crypto'
import {
  defineRoute,
  errors,
  fileResponse,
  idParams,
  jsonBody,
  jsonResponse,
  OpenAPIHono,
} from '#services/platform/contract'
import { NAME_PIECE_LENGTH } from '#services/platform/db/migrations/0037_queue_name_index'
import { WHOLE_KEY_LENGTH } from '#services/platform/db/migrations/0042_queue_name_pairs'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { changesPublicContent } from '#services/platform/invalidation'
import { createPdfPages, PdfPageError } from '#services/platform/pdf/pages'
import type { Platform } from '#services/platform/platform'
import { recordRutsShown, recordView } from '#services/shared/data-views'
import { isValidatedDriver, latestRecords } from '#services/shared/validated-drivers'
import { EXTENSION_FOR, storedFileHeaders, type SniffedType } from '#services/users/driver-area/images'
import {
  notifyAllDocumentsApproved,
  notifyDocumentApproved,
  notifyDocumentRejected,
} from '#services/users/driver-notifications'
import { auditNames } from './audit-names'
import { powerOfDocument, toPowerReview } from './powers'
import { actorOf, audit, likePattern } from './shared'

export const QUEUE_PAGE_SIZE = 50

export interface QueueItem {
  id: number
  purpose_name: DocumentSlotKey
  title: string
  type_name: string
  date_upload: string
  driver: { id: number; name: string; email: string; rut: string | null }
  /** What the photo checks found (none on a PDF). */
  photo_flags: PhotoFlag[]
}

export interface AuditEntry {
  id: number
  actor: string
  actor_name: string | null
  action: string
  entity_type: string
  entity_id: number | null
  subject: AuditSubject
  before: unknown
  after: unknown
  created_at: string
}

export interface SlotState {
  purpose_name: DocumentSlotKey
  title: string
  optional: boolean
  file_status: DocumentStatus | null
  id_file: number | null
  rejection_reason: string | null
  date_upload: string | null
  /** 'yyyy-mm-dd' on the kinds that expire. */
  expires_on: string | null
  /** The date has passed: the slot counts as missing. */
  expired: boolean
  /** Of the latest record. */
  photo_flags: PhotoFlag[]
}

/** A document whose expiry date is within EXPIRY_WARNING_DAYS (or passed): the console's list. */
export interface ExpiringItem {
  id: number
  purpose_name: DocumentSlotKey
  title: string
  file_status: DocumentStatus
  expires_on: string
  days_left: number
  driver: { id: number; name: string; email: string }
}

type Db = Kysely<Database>

/**
 * The review queue (decision 99): the records with `queued` = 1 — PENDING, the latest of their
 * slot, a driver's, as migration 0031's triggers keep it — read through its partial indexes: a
 * range of upload times, of one kind's, or of first uploads' or re-uploads'. The literal `= 1`
 * lets SQLite see that the partial indexes apply. `queuedFiles` reads user_files alone (the
 * counts, and the keys of a page: `queueSlice`).
 */
function queuedFiles(db: Db, filters: { slot?: DocumentSlotKey; origin?: QueueOrigin; alerts?: 'flagged' }) {
  return fileFilters(db.selectFrom('user_files as f').where(sql<boolean>`f.queued = 1`), filters)
}

/** The filters on the record itself: its kind, its photo checks' alerts, first upload or re-upload. */
function fileFilters<Q>(query: Q, filters: { slot?: DocumentSlotKey; origin?: QueueOrigin; alerts?: 'flagged' }): Q {
  let q = query as unknown as SelectQueryBuilder<Database & { f: Database['user_files'] }, 'f', object>
  if (filters.slot) q = q.where('f.purpose_name', '=', filters.slot)
  // '' is a photo checked and clean; null a PDF or an upload from before the checks. Written as the
  // flagged records' partial index is (migration 0039), so that SQLite sees it applies.
  if (filters.alerts) q = q.where(sql<boolean>`f.photo_flags <> ''`)
  // A re-upload: an earlier record of the same slot existed when it was uploaded.
  if (filters.origin) q = q.where('f.reupload', '=', filters.origin === 'reupload' ? 1 : 0)
  return q as unknown as Q
}

/** The queue's filters other than the due time: the three counts are of the queue they leave. */
type QueueFilters = { slot?: DocumentSlotKey; driver?: string; origin?: QueueOrigin; alerts?: 'flagged' }

/** The columns the queue is read in order by, and its due ranges bound: the record's, or the name index's. */
interface QueueKey {
  at: 'f.created_at' | 'q.created_at'
  id: 'f.id' | 'q.file_id'
}
const FILE_KEY: QueueKey = { at: 'f.created_at', id: 'f.id' }
const MATCH_KEY: QueueKey = { at: 'q.created_at', id: 'q.file_id' }

/** The least string above every string that begins with `prefix` (code point order), if there is one. */
function prefixEnd(prefix: string): string | null {
  const chars = [...prefix]
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!
    if (last < 0x10ffff) return chars.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1)
  }
  return null
}

/** `text like %term%`, the term's own wildcards taken as characters on both engines. */
function contains(text: Expression<string>, term: string) {
  return sql<boolean>`${text} like ${likePattern(term)} escape '\\'`
}

/**
 * Whether a driver filter's term is one key of the name index (migration 0042): its records are
 * then read in the queue's order, and each count can stop at the cap.
 */
const isWholeKey = (term: string) => [...term.toLowerCase()].length <= WHOLE_KEY_LENGTH

/**
 * The records a driver filter finds (decision 109), as (file_id, created_at): those whose
 * driver's lowered name or email holds the term, and those of the driver whose whole RUT it is.
 * The name and email are read in their index (migrations 0037 and 0042): one or two characters
 * are a key of their own; a longer term is the range of pieces beginning with it — a record once
 * however many of its pieces do — and past NAME_PIECE_LENGTH characters the whole term is
 * checked on the driver's row.
 */
function matchingFiles(db: Db, columns: ColumnCipher, term: string) {
  const lowered = term.toLowerCase()
  const chars = [...lowered]
  const grams = db.selectFrom('queue_name_grams as g').select(['g.file_id', 'g.created_at'])
  let byName = grams.where('g.gram', '=', lowered)
  if (!isWholeKey(term)) {
    const prefix = chars.slice(0, NAME_PIECE_LENGTH).join('')
    const end = prefixEnd(prefix)
    byName = grams.distinct().where('g.gram', '>=', prefix)
    if (end) byName = byName.where('g.gram', '<', end)
    if (chars.length > NAME_PIECE_LENGTH || !end)
      byName = byName
        .innerJoin('user_files as nf', 'nf.id', 'g.file_id')
        .innerJoin('users as nu', 'nu.id', 'nf.user_id')
        .where((eb) =>
          eb.or([
            contains(sql<string>`lower(nu.firstname || ' ' || nu.lastname)`, term),
            contains(eb.fn<string>('lower', ['nu.email']), term),
          ]),
        )
  }
  // The RUT is encrypted: a whole RUT is found by its keyed hash, a part of one finds nothing (decision 80).
  const ruts = rutSearchHashes(columns, term)
  if (!ruts) return byName
  return byName.union(
    db
      .selectFrom('users as ru')
      .innerJoin('user_files as rf', 'rf.user_id', 'ru.id')
      .select(['rf.id as file_id', 'rf.created_at'])
      .where('ru.rut_hmac', 'in', ruts)
      .where(sql<boolean>`rf.queued = 1`),
  )
}

/** Whether a filter reads the record itself (its kind, alerts, origin). */
const filtersFiles = (filters: QueueFilters) => Boolean(filters.slot || filters.origin || filters.alerts)

/** The records a driver filter finds, read as `q`, joined to the record (`f`) only for the filters on it. */
function matchingQueue(db: Db, columns: ColumnCipher, filters: QueueFilters & { driver: string }) {
  const matches = db.selectFrom(matchingFiles(db, columns, filters.driver).as('q'))
  return filtersFiles(filters)
    ? (fileFilters(matches.innerJoin('user_files as f', 'f.id', 'q.file_id'), filters) as unknown as typeof matches)
    : matches
}

/**
 * The queue's records soonest due first (oldest upload, then id), as (id, created_at): those the
 * filters leave, within the due range, after the record `after` (the next one to review) or but
 * the record `except`, at most `limit`. Keys only: the caller reads the rows it shows by them,
 * so a driver filter's matches are ordered and cut before any record or driver is read.
 */
function queueSlice(
  db: Db,
  columns: ColumnCipher,
  filters: QueueFilters,
  due: QueueDue | undefined,
  cut: ReturnType<typeof reviewCutoffs>,
  opts: { after?: { created_at: string; id: number }; except?: number; limit: number },
) {
  const driver = filters.driver
  const [query, key] = driver
    ? [matchingQueue(db, columns, { ...filters, driver }) as unknown as QueuedFiles, MATCH_KEY]
    : [queuedFiles(db, filters), FILE_KEY]
  const at = sql.ref<string>(key.at)
  const id = sql.ref<number>(key.id)
  let q = dueRange(query, at, due, cut)
  if (opts.except !== undefined) q = q.where(id, '!=', opts.except)
  const after = opts.after
  if (after)
    q = q.where((eb) =>
      eb.or([eb(at, '>', after.created_at), eb.and([eb(at, '=', after.created_at), eb(id, '>', after.id)])]),
    )
  return q
    .select([id.as('id'), at.as('created_at')])
    .orderBy(at, 'asc')
    .orderBy(id, 'asc')
    .limit(opts.limit)
}

type QueuedFiles = ReturnType<typeof queuedFiles>

const itemColumns = [
  'f.id',
  'f.purpose_name',
  'f.mime_type',
  'f.created_at',
  'u.id as user_id',
  'u.firstname',
  'u.lastname',
  'u.email',
  'u.rut',
  'f.photo_flags',
] as const

function toItem(
  columns: ColumnCipher,
  r: {
    id: number
    purpose_name: string
    mime_type: string
    created_at: string
    user_id: number
    firstname: string
    lastname: string
    email: string
    rut: string | null
    photo_flags: string | null
  },
): QueueItem {
  return {
    id: r.id,
    purpose_name: r.purpose_name as DocumentSlotKey,
    title: findDocumentSlot(r.purpose_name)?.title ?? r.purpose_name,
    type_name: r.mime_type,
    date_upload: r.created_at,
    driver: {
      id: r.user_id,
      name: `${r.firstname} ${r.lastname}`.trim(),
      email: r.email,
      rut: columns.openNullable('rut', r.rut),
    },
    photo_flags: parsePhotoFlags(r.photo_flags),
  }
}

export async function auditFor(db: Db, entityType: string, entityId: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  return auditNames(
    db,
    rows.map((r) => ({
      id: r.id,
      actor: r.actor,
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      before: r.before_json ? JSON.parse(r.before_json) : null,
      after: r.after_json ? JSON.parse(r.after_json) : null,
      created_at: r.created_at,
    })),
  )
}

/** The 23 slots of a driver with the latest record of each. */
export async function slotStates(db: Db, userId: number, now: Date): Promise<SlotState[]> {
  const today = dayInChile(now)
  const rows = await db
    .selectFrom('user_files')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute()
  const latest = new Map<string, (typeof rows)[number]>()
  for (const r of rows) latest.set(r.purpose_name, r)
  return DOCUMENT_SLOT_KEYS.map((key) => {
    const r = latest.get(key)
    return {
      purpose_name: key,
      title: findDocumentSlot(key)!.title,
      optional: key === OPTIONAL_DOCUMENT_SLOT,
      file_status: r?.file_status ?? null,
      id_file: r?.id ?? null,
      rejection_reason: r?.rejection_reason ?? null,
      date_upload: r?.created_at ?? null,
      expires_on: r?.expires_on ?? null,
      expired: r ? r.file_status !== 'REJECTED' && isExpired(r.expires_on, today) : false,
      photo_flags: parsePhotoFlags(r?.photo_flags),
    }
  })
}

/**
 * The expiry date an approval stores: the one the reviewer sent (a correction, or the driver's
 * date confirmed), else the driver's. A kind that expires cannot be approved without one, nor
 * with a date already past (that document is rejected as expired); other kinds take none.
 */
function reviewedExpiry(slot: string, stored: string | null, sent: string | undefined, now: Date): string | null {
  if (!isExpiringSlot(slot)) {
    if (sent) throw new ApiError(400, EXPIRY_MESSAGES.notExpiring)
    return stored
  }
  const checked = checkExpiryDate(sent || stored, dayInChile(now), EXPIRY_MESSAGES.reviewExpired)
  if (!checked.ok) throw new ApiError(400, checked.message)
  return checked.day
}

/** Latest, not rejected records of drivers whose expiry date is within 30 days or passed, soonest first. */
export async function expiringDocuments(db: Db, now: Date, limit = 200): Promise<ExpiringItem[]> {
  const today = dayInChile(now)
  const rows = await latestRecords(db)
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'f.id',
      'f.purpose_name',
      'f.file_status',
      'f.expires_on',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.email',
    ])
    .where('u.role', '=', 'User')
    .where('f.file_status', '!=', 'REJECTED')
    .where('f.expires_on', 'is not', null)
    .where('f.expires_on', '<=', addDays(today, EXPIRY_WARNING_DAYS))
    .orderBy('f.expires_on', 'asc')
    .orderBy('f.id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    purpose_name: r.purpose_name as DocumentSlotKey,
    title: findDocumentSlot(r.purpose_name)?.title ?? r.purpose_name,
    file_status: r.file_status,
    expires_on: r.expires_on!,
    days_left: daysBetween(today, r.expires_on!),
    driver: { id: r.user_id, name: `${r.firstname} ${r.lastname}`.trim(), email: r.email },
  }))
}

/**
 * The upload times that split the queue at `now` (ISO strings, compared as the stored ones):
 * before `late`, more than REVIEW_HOURS working hours old; before `dueToday`, due by today's
 * closing. subtractWorkingMs inverts the due time, so the counts are index ranges, not a read of
 * every pending row.
 */
export function reviewCutoffs(now: Date): { late: string; dueToday: string } {
  const late = subtractWorkingHours(now, REVIEW_HOURS)
  const closing = closingToday(now)
  // Due at or before the closing: one working millisecond less reaches up to it.
  const byClosing = closing ? subtractWorkingMs(closing, REVIEW_HOURS * 3_600_000 - 1) : late
  return { late: late.toISOString(), dueToday: (byClosing > late ? byClosing : late).toISOString() }
}

/** The part of the queue one count links to: a range of the upload times `time` between the cut-offs. */
function dueRange<Q>(
  query: Q,
  time: Expression<string>,
  due: QueueDue | undefined,
  cut: ReturnType<typeof reviewCutoffs>,
): Q {
  // Every builder here reads an upload time as `time`; the range only touches it.
  const q = query as unknown as QueuedFiles
  if (due === 'late') return q.where(time, '<', cut.late) as Q
  if (due === 'today') return q.where(time, '>=', cut.late).where(time, '<', cut.dueToday) as Q
  if (due === 'on_time') return q.where(time, '>=', cut.dueToday) as Q
  return query
}

interface QueueCounts {
  late: number
  due_today: number
  on_time: number
}

/** The counter bucket of queue_hours (migration 0039) that holds the queue the filters on the record leave. */
function hourBucket(filters: Omit<QueueFilters, 'driver'>): string {
  const parts = [
    filters.slot && `s:${filters.slot}`,
    filters.origin && `o:${filters.origin === 'reupload' ? 1 : 0}`,
    filters.alerts && 'a',
  ]
  return parts.filter(Boolean).join('|') || '*'
}

/** The UTC hour of an upload time, as queue_hours keeps it: its first 13 characters. */
const hourOf = (at: string) => at.slice(0, 13)

/**
 * How many records of the queue the filters on the record leave (its kind, origin, flag) were
 * uploaded before each instant, and in all: a bucket's counters of the hours before the instant's
 * hour (migration 0039) plus the records of that hour before it, a short range of the queue's index.
 */
async function countsBefore(db: Db, filters: Omit<QueueFilters, 'driver'>, cuts: string[]) {
  const hours = cuts.map(hourOf)
  const row = await db
    .selectFrom('queue_hours as h')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string | number>('h.n'), sql.lit(0)).as('n'),
      ...hours.map((hour, i) =>
        eb.fn
          .coalesce(eb.fn.sum<string | number>(sql`case when ${sql.ref('h.hour')} < ${hour} then h.n end`), sql.lit(0))
          .as(`b${i}`),
      ),
      ...cuts.map((cut, i) =>
        queuedFiles(db, filters)
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .where('f.created_at', '>=', hours[i]!)
          .where('f.created_at', '<', cut)
          .as(`r${i}`),
      ),
    ])
    .where('h.bucket', '=', hourBucket(filters))
    .executeTakeFirstOrThrow()
  const fields = row as unknown as Record<string, string | number | null>
  return {
    all: Number(row.n),
    before: cuts.map((_, i) => Number(fields[`b${i}`]) + Number(fields[`r${i}`] ?? 0)),
  }
}

/**
 * The filtered queue split on the review clock at `now`: late, due by today's 24:00, and the rest.
 * The queue's page and the console's home both show these figures. Without a driver filter they
 * are the queue's counters per upload hour (migration 0039); with one, the records it finds,
 * each count up to the cap (decision 117).
 */
export async function queueCounts(
  db: Db,
  columns: ColumnCipher,
  filters: QueueFilters,
  now: Date,
): Promise<QueueCounts> {
  const cut = reviewCutoffs(now)
  const driver = filters.driver
  if (!driver) {
    const { all, before } = await countsBefore(db, filters, [cut.late, cut.dueToday])
    const [late, byToday] = before as [number, number]
    return { late, due_today: byToday - late, on_time: all - byToday }
  }
  const matching = { ...filters, driver }
  const row = isWholeKey(driver)
    ? await db.selectNoFrom(cappedCounts(db, columns, matching, cut)).executeTakeFirstOrThrow()
    : await matchingQueue(db, columns, matching)
        .select(countsByDue(sql.ref<string>(MATCH_KEY.at), cut))
        .executeTakeFirstOrThrow()
  return toCounts(row)
}

/** The three counts of the upload times `time` the query reads, as `late`, `today` and `on_time`. */
function countsByDue(time: Expression<string>, cut: ReturnType<typeof reviewCutoffs>) {
  return [
    sql<string | number>`count(case when ${time} < ${cut.late} then 1 end)`.as('late'),
    sql<string | number>`count(case when ${time} >= ${cut.late} and ${time} < ${cut.dueToday} then 1 end)`.as('today'),
    sql<string | number>`count(case when ${time} >= ${cut.dueToday} then 1 end)`.as('on_time'),
  ]
}

/**
 * The three counts of a term that is one key of the name index, each read in the key's order up
 * to one past the cap: a range of upload times that stops there, however many records match.
 */
function cappedCounts(
  db: Db,
  columns: ColumnCipher,
  filters: QueueFilters & { driver: string },
  cut: ReturnType<typeof reviewCutoffs>,
) {
  const part = (due: QueueDue) =>
    db
      .selectFrom(
        dueRange(matchingQueue(db, columns, filters), sql.ref<string>(MATCH_KEY.at), due, cut)
          .select(sql.lit(1).as('one'))
          .limit(QUEUE_COUNT_CAP + 1)
          .as('p'),
      )
      .select(sql<string | number>`count(*)`.as('n'))
  return [part('late').as('late'), part('today').as('today'), part('on_time').as('on_time')]
}

/**
 * A driver filter's page of the queue and its counts in one statement. A term that is one key of
 * the name index reads its page as the key's first rows and its counts as capped ranges. A
 * longer term's records (`m`) are read once for both, and counted once (`c`, materialized: a row
 * estimate of 1 must not make the engine count again for each row of the page). The counts ride
 * on each row of the page; an empty page has no row to carry them, so then they are counted alone.
 */
async function driverQueuePage(
  db: Db,
  columns: ColumnCipher,
  filters: QueueFilters & { driver: string },
  due: QueueDue | undefined,
  cut: ReturnType<typeof reviewCutoffs>,
  now: Date,
) {
  const limit = QUEUE_PAGE_SIZE
  const rows = await (
    isWholeKey(filters.driver)
      ? db
          .selectFrom(queueSlice(db, columns, filters, due, cut, { limit }).as('s'))
          .select(cappedCounts(db, columns, filters, cut))
      : db
          .with(
            (cte) => cte('m').materialized(),
            () =>
              matchingQueue(db, columns, filters).select([
                sql.ref<number>(MATCH_KEY.id).as('id'),
                sql.ref<string>(MATCH_KEY.at).as('created_at'),
              ]),
          )
          .with(
            (cte) => cte('c').materialized(),
            (qb) => qb.selectFrom('m').select(countsByDue(sql.ref<string>('m.created_at'), cut)),
          )
          .selectFrom('c')
          .innerJoin(
            (qb) =>
              dueRange(qb.selectFrom('m'), sql.ref<string>('m.created_at'), due, cut)
                .select(['m.id', 'm.created_at'])
                .orderBy('m.created_at', 'asc')
                .orderBy('m.id', 'asc')
                .limit(limit)
                .as('s'),
            (join) => join.on(sql<boolean>`1 = 1`),
          )
          .select(['c.late', 'c.today', 'c.on_time'])
  )
    .innerJoin('user_files as f', 'f.id', 's.id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(itemColumns)
    .orderBy('s.created_at', 'asc')
    .orderBy('s.id', 'asc')
    .execute()
  const counts = rows[0] ? toCounts(rows[0]) : await queueCounts(db, columns, filters, now)
  return [rows, counts] as const
}

type Count = string | number | null
/** A driver filter's counts as the service answers them: each at most one past the cap (decision 117). */
function toCounts(row: { late: Count; today: Count; on_time: Count }): QueueCounts {
  const capped = (n: Count) => Math.min(Number(n), QUEUE_COUNT_CAP + 1)
  return { late: capped(row.late), due_today: capped(row.today), on_time: capped(row.on_time) }
}

/**
 * Pending documents past their due time at `now`: the queue's «Atrasados» without filters, the
 * whole queue's counters of the hours before the cut-off's and that hour's records before it.
 */
export async function countLate(db: Db, columns: ColumnCipher, now: Date): Promise<number> {
  const { before } = await countsBefore(db, {}, [reviewCutoffs(now).late])
  return before[0]!
}

function queueFilters(c: Context) {
  return documentQueueQuerySchema.parse({
    slot: c.req.query('slot') || undefined,
    origin: c.req.query('origin') || undefined,
    driver: c.req.query('driver') || undefined,
    alerts: c.req.query('alerts') || undefined,
    due: c.req.query('due') || undefined,
  })
}

export function adminDocumentRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents',
      operationId: 'listDocumentQueue',
      tags,
      summary: 'La cola de documentos pendientes (filtros slot, origin, driver, alerts y due en la consulta)',
      responses: { 200: jsonResponse(queueSchema, 'Cola'), ...errors(401, 403) },
    },
    async (c) => {
      const { due, ...filters } = queueFilters(c)
      const now = p.now()
      const cut = reviewCutoffs(now)
      // The due time grows with the upload time, so oldest upload first is soonest due first (the
      // status and upload-time index serves both), and each count is a range of upload times.
      const driver = filters.driver
      const [rows, counts] = driver
        ? await driverQueuePage(p.db, p.columns, { ...filters, driver }, due, cut, now)
        : await Promise.all([
            p.db
              .selectFrom(queueSlice(p.db, p.columns, filters, due, cut, { limit: QUEUE_PAGE_SIZE }).as('s'))
              .innerJoin('user_files as f', 'f.id', 's.id')
              .innerJoin('users as u', 'u.id', 'f.user_id')
              .select([...itemColumns])
              .orderBy('s.created_at', 'asc')
              .orderBy('s.id', 'asc')
              .execute(),
            queueCounts(p.db, p.columns, filters, now),
          ])
      const all = counts.late + counts.due_today + counts.on_time
      const part = due === 'late' ? counts.late : due === 'today' ? counts.due_today : due ? counts.on_time : all
      // A driver filter's figures stop one past the cap (decision 117), their sum too.
      const total = driver ? Math.min(part, QUEUE_COUNT_CAP + 1) : part
      // Each row shows its driver's RUT (decision 78).
      await recordRutsShown(
        p.db,
        c.get('auth').userId,
        rows.map((r) => ({ id: r.user_id, rut: r.rut })),
        p.now(),
      )
      return c.json({
        documents: rows.map((r) => {
          const item = toItem(p.columns, r)
          const uploaded = new Date(item.date_upload)
          return {
            ...item,
            due_at: addWorkingHours(uploaded, REVIEW_HOURS).toISOString(),
            age_hours: Math.round(workingHoursBetween(uploaded, now) * 10) / 10,
            late: item.date_upload < cut.late,
          }
        }),
        total,
        counts,
        now: now.toISOString(),
      })
    },
  )

  // Drivers with documents about to expire (or expired), for the console.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/expiring-documents',
      operationId: 'listExpiringDocuments',
      tags,
      summary: 'Los documentos que vencen en los próximos 30 días o ya vencidos, el más próximo primero',
      responses: { 200: jsonResponse(expiringDocumentsSchema, 'Documentos por vencer'), ...errors(401, 403) },
    },
    async (c) => c.json({ documents: await expiringDocuments(p.db, p.now()), days: EXPIRY_WARNING_DAYS }),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}',
      operationId: 'getDocumentForReview',
      tags,
      summary: 'Un documento para revisar, con el conductor, sus casillas, el historial y el siguiente de la cola',
      request: { params: idParams },
      responses: { 200: jsonResponse(documentDetailSchema, 'Documento'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const { due, ...filters } = queueFilters(c)
      const cut = reviewCutoffs(p.now())
      const row = await p.db
        .selectFrom('user_files as f')
        .innerJoin('users as u', 'u.id', 'f.user_id')
        .select([
          ...itemColumns,
          'f.file_status',
          'f.rejection_reason',
          'f.reviewed_at',
          'f.original_name',
          'f.size_bytes',
          'f.expires_on',
          'f.file_purged_at',
          'u.phone',
          'u.address',
          'u.created_at as user_created_at',
        ])
        .where('f.id', '=', id)
        .where('u.role', '=', 'User')
        .executeTakeFirst()
      if (!row) throw new ApiError(404, MESSAGES.notFound)
      const [slots, history, log, next, power] = await Promise.all([
        slotStates(p.db, row.user_id, p.now()),
        p.db
          .selectFrom('user_files')
          .select([
            'id',
            'file_status',
            'rejection_reason',
            'created_at',
            'reviewed_at',
            'mime_type',
            'expires_on',
            'file_purged_at as file_removed_at',
          ])
          .where('user_id', '=', row.user_id)
          .where('purpose_name', '=', row.purpose_name)
          .orderBy('id', 'desc')
          .execute(),
        auditFor(p.db, 'user_file', id),
        // The next document of the same queue (same filters), oldest first, skipping this one.
        queueSlice(p.db, p.columns, filters, due, cut, {
          after: { created_at: row.created_at, id },
          limit: 1,
        }).executeTakeFirst(),
        // A simple power's PDF: the power, its owner's ID images and signature state.
        powerOfDocument(p.db, id),
      ])
      // The power's own log (the recorded signature) beside the document's, newest first.
      const powerLog = power ? await auditFor(p.db, 'simple_power', power.id) : []
      const first = next
        ? null
        : await queueSlice(p.db, p.columns, filters, due, cut, { except: id, limit: 1 }).executeTakeFirst()
      // The review shows the driver's RUT: recorded before it is sent (decision 78).
      if (row.rut)
        await recordView(p.db, {
          viewer: { kind: 'staff', userId: c.get('auth').userId },
          subjectUserId: row.user_id,
          kind: 'rut',
          itemId: row.user_id,
          now: p.now(),
        })
      return c.json({
        document: {
          ...toItem(p.columns, row),
          file_status: row.file_status,
          rejection_reason: row.rejection_reason,
          reviewed_at: row.reviewed_at,
          original_name: row.original_name,
          size_bytes: row.size_bytes,
          expires_on: row.expires_on,
          expiring: isExpiringSlot(row.purpose_name),
          url_file: `/admin/documents/${row.id}/file`,
          file_removed_at: row.file_purged_at,
          superseded: history[0]!.id !== row.id,
        },
        driver: {
          id: row.user_id,
          name: `${row.firstname} ${row.lastname}`.trim(),
          email: row.email,
          rut: p.columns.openNullable('rut', row.rut),
          phone: row.phone,
          address: row.address,
          created_at: row.user_created_at,
        },
        slots,
        history,
        audit: [...log, ...powerLog].sort((a, b) => b.id - a.id),
        power: power ? toPowerReview(p.columns, power) : null,
        next_id: next?.id ?? first?.id ?? null,
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}/file',
      operationId: 'downloadDocumentFile',
      tags,
      summary: 'El archivo de un documento',
      request: { params: idParams },
      responses: { 200: fileResponse('El archivo'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await p.db
        .selectFrom('user_files')
        .select(['storage_key', 'mime_type', 'purpose_name', 'user_id', 'file_purged_at'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (row?.file_purged_at) throw new ApiError(404, FILE_REMOVED)
      const bytes = row ? await p.files.get(row.storage_key) : null
      if (!row || !bytes) throw new ApiError(404, MESSAGES.notFound)
      // No record, no file (decision 78): a failing write answers an error, never the file.
      await recordView(p.db, {
        viewer: { kind: 'staff', userId: c.get('auth').userId },
        subjectUserId: row.user_id,
        kind: 'documento',
        itemId: id,
        detail: row.purpose_name,
        now: p.now(),
      })
      const ext = EXTENSION_FOR[row.mime_type as SniffedType] ?? 'bin'
      return c.body(
        bytes as Uint8Array<ArrayBuffer>,
        200,
        storedFileHeaders(row.mime_type, `${row.purpose_name}.${ext}`, bytes.byteLength),
      )
    },
  )

  /**
   * A PDF's pages as images for the console's viewer (decision 91): drawn on the server, in a
   * worker with time, size and page caps (services/platform/pdf/pages.ts), kept in memory by the
   * stored file's key. The file's bytes are read only when a page is not kept yet.
   */
  const pdfPages = createPdfPages()
  async function pdfOf(id: number) {
    const row = await p.db
      .selectFrom('user_files')
      .select(['storage_key', 'mime_type', 'purpose_name', 'user_id', 'file_purged_at'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (row?.file_purged_at) throw new ApiError(404, FILE_REMOVED)
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    if (row.mime_type !== 'application/pdf') throw new ApiError(400, ADMIN_MESSAGES.notPdf)
    return { row, load: () => p.files.get(row.storage_key) }
  }
  function pdfRefusal(error: unknown): never {
    if (error instanceof PdfPageError) throw new ApiError(error.status, error.message)
    throw error
  }

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}/pages',
      operationId: 'countDocumentPages',
      tags,
      summary: 'Cuántas páginas tiene un documento PDF y cuántas muestra el visor como imágenes',
      request: { params: idParams },
      responses: { 200: jsonResponse(documentPagesSchema, 'Páginas'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { row, load } = await pdfOf(c.req.valid('param').id)
      return c.json(await pdfPages.count(row.storage_key, load).catch(pdfRefusal))
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}/pages/{page}',
      operationId: 'renderDocumentPage',
      tags,
      summary: 'Una página de un documento PDF como imagen PNG, para el visor de la consola',
      request: {
        params: idParams.extend({
          page: z
            .string()
            .regex(/^[1-9][0-9]{0,2}$/)
            .transform(Number)
            .meta({ example: '1' }),
        }),
      },
      responses: { 200: fileResponse('La página', 'image/png'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { id, page } = c.req.valid('param')
      const { row, load } = await pdfOf(id)
      const png = await pdfPages.page(row.storage_key, load, page).catch(pdfRefusal)
      // A page shows the document: recorded like the file itself (decision 78), before it is sent.
      await recordView(p.db, {
        viewer: { kind: 'staff', userId: c.get('auth').userId },
        subjectUserId: row.user_id,
        kind: 'documento',
        itemId: id,
        detail: row.purpose_name,
        now: p.now(),
      })
      return c.body(
        png as Uint8Array<ArrayBuffer>,
        200,
        storedFileHeaders('image/png', `${row.purpose_name}-${page}.png`, png.byteLength),
      )
    },
  )

  /**
   * Approve or reject. The update only applies to a row still PENDING, so of two reviewers
   * deciding at once the second changes nothing and gets 409 'ya fue revisado'. The audit row and
   * the driver's mails are written in the same transaction.
   */
  defineRoute(
    app,
    {
      method: 'post',
      path: '/documents/{id}/review',
      operationId: 'reviewDocument',
      tags,
      summary: 'Acepta o rechaza (con motivo) un documento',
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(reviewDecisionSchema) },
      responses: { 200: jsonResponse(reviewResultSchema, 'Revisión guardada'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const decision = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      const ts = now.toISOString()
      const outcome = await inTransaction(p.db, async (trx) => {
        const row = await trx
          .selectFrom('user_files as f')
          .innerJoin('users as u', 'u.id', 'f.user_id')
          .select([
            'f.id',
            'f.user_id',
            'f.purpose_name',
            'f.file_status',
            'f.rejection_reason',
            'f.expires_on',
            'u.email',
            'u.firstname',
            'u.role',
          ])
          .where('f.id', '=', id)
          .executeTakeFirst()
        if (!row || row.role !== 'User') throw new ApiError(404, MESSAGES.notFound)
        if (row.file_status !== 'PENDING') throw new ApiError(409, ADMIN_MESSAGES.alreadyReviewed)
        const newer = await trx
          .selectFrom('user_files')
          .select('id')
          .where('user_id', '=', row.user_id)
          .where('purpose_name', '=', row.purpose_name)
          .where('id', '>', row.id)
          .executeTakeFirst()
        if (newer) throw new ApiError(409, ADMIN_MESSAGES.superseded)
        if (decision.decision === 'ACCEPTED') {
          // A simple power is approved only once a reviewer has recorded the owner's signature.
          const power = await powerOfDocument(trx, id)
          if (power && !power.signature_recorded_at) throw new ApiError(409, ADMIN_MESSAGES.signatureMissing)
        }
        // The expiry date the driver typed is confirmed, or corrected, by the reviewer approving it.
        const expiresOn =
          decision.decision === 'ACCEPTED'
            ? reviewedExpiry(row.purpose_name, row.expires_on, decision.expires_on, now)
            : row.expires_on
        const dated = decision.decision === 'ACCEPTED' && isExpiringSlot(row.purpose_name)
        const reason = decision.decision === 'REJECTED' ? decision.reason : null
        const updated = await trx
          .updateTable('user_files')
          .set({ file_status: decision.decision, rejection_reason: reason, reviewed_at: ts, expires_on: expiresOn })
          .where('id', '=', id)
          .where('file_status', '=', 'PENDING')
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, ADMIN_MESSAGES.alreadyReviewed)
        await audit(
          trx,
          who,
          {
            action: decision.decision === 'ACCEPTED' ? 'document.approve' : 'document.reject',
            entityType: 'user_file',
            entityId: id,
            // An approval of a dated kind records the date as typed and as confirmed or corrected.
            before: {
              file_status: row.file_status,
              rejection_reason: row.rejection_reason,
              ...(dated ? { expires_on: row.expires_on } : {}),
            },
            after: {
              file_status: decision.decision,
              rejection_reason: reason,
              user_id: row.user_id,
              purpose_name: row.purpose_name,
              ...(dated ? { expires_on: expiresOn } : {}),
            },
          },
          now,
        )
        const title = findDocumentSlot(row.purpose_name)?.title ?? row.purpose_name
        const home = `${p.publicUrl}/user/dashboard/home`
        const driver = { userId: row.user_id, firstname: row.firstname, email: row.email }
        if (decision.decision === 'REJECTED') {
          const again = `${home}?${new URLSearchParams({ name: row.purpose_name, title })}`
          await notifyDocumentRejected(trx, { ...driver, fileId: id, title, reason: reason!, link: again }, now)
        } else {
          await notifyDocumentApproved(trx, { ...driver, fileId: id, title, link: home }, now)
          // This approval completed the 22: the driver hears it once (the row was PENDING before).
          if (row.purpose_name !== OPTIONAL_DOCUMENT_SLOT && (await isValidatedDriver(trx, row.user_id, now))) {
            const link = `${p.publicUrl}/user/dashboard/job-postings`
            await notifyAllDocumentsApproved(trx, { ...driver, fileId: id, link }, now)
            return { validated: true }
          }
        }
        return { validated: false }
      })
      p.wakeOutbox()
      return c.json({
        message: decision.decision === 'ACCEPTED' ? ADMIN_MESSAGES.approved : ADMIN_MESSAGES.rejected,
        id,
        file_status: decision.decision,
        driver_validated: outcome.validated,
      })
    },
  )

  return app
}
