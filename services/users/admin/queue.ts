import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely'
import type { Queue } from '#domain/contract/admin'
import { parsePhotoFlags, type PhotoFlag } from '#domain/photo-quality'
import { findDocumentSlot, type DocumentSlotKey } from '#domain/reference-data/documents'
import { QUEUE_COUNT_CAP } from '#domain/review-queue'
import type { QueueDue, QueueOrigin } from '#domain/validation/admin'
import {
  addWorkingHours,
  closingToday,
  REVIEW_HOURS,
  subtractWorkingHours,
  subtractWorkingMs,
  workingHoursBetween,
} from '#domain/working-hours'
import { rutSearchHashes, type ColumnCipher } from '#services/platform/column-crypto'
import { NAME_PIECE_LENGTH } from '#services/platform/db/migrations/0037_queue_name_index'
import { START_LENGTHS } from '#services/platform/db/migrations/0043_queue_name_starts'
import type { Database } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'
import { recordRutsShown } from '#services/shared/data-views'
import { likePattern } from './shared'

/**
 * The review queue as operations: its page and counts on the review clock (`documentQueue`), the
 * document after one in the same filtered queue (`nextInQueue`), and the counts the console's home
 * and «Rendimiento» show. The routes (documents.ts) read the filters and call these; tests and
 * scripts can call them directly.
 */

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

/** `text like %term%`, the term's own wildcards taken as characters on both engines. */
function contains(text: Expression<string>, term: string) {
  return sql<boolean>`${text} like ${likePattern(term)} escape '\\'`
}

/**
 * The records a driver filter finds (decision 109), as (file_id, created_at) in the queue's order:
 * those whose driver's lowered name or email holds the term, and those of the driver whose whole
 * RUT it is. The name and email are read in their index, always one key in upload-time order
 * (decision 118): a term of one or two characters is a key of its own (migration 0042); one of
 * NAME_PIECE_LENGTH or more is one piece, its first NAME_PIECE_LENGTH characters; one between is
 * the pieces beginning with its longest start (migration 0043), checked on the rest of the term,
 * a record once for each of its pieces that begin so (its rows neighbours: the callers group
 * them). Past NAME_PIECE_LENGTH characters the whole term is checked on the driver's row. The
 * start's numbers are literals, for the engines to see the partial index applies.
 */
function matchingFiles(db: Db, columns: ColumnCipher, term: string) {
  const chars = [...term.toLowerCase()]
  const grams = db.selectFrom('queue_name_grams as g').select(['g.file_id', 'g.created_at'])
  const begins = (n: number) => sql<string>`substr(g.gram, 1, ${sql.lit(n)})`
  // None for one or two characters: those are whole keys of the index.
  const start = START_LENGTHS.findLast((n) => n <= chars.length)
  let byName =
    start && chars.length < NAME_PIECE_LENGTH
      ? grams
          .where(sql<boolean>`length(g.gram) > ${sql.lit(start - 1)}`)
          .where(begins(start), '=', chars.slice(0, start).join(''))
      : grams.where('g.gram', '=', chars.slice(0, NAME_PIECE_LENGTH).join(''))
  if (start && chars.length > start && chars.length < NAME_PIECE_LENGTH)
    byName = byName.where(begins(chars.length), '=', chars.join(''))
  // Asked of each record as a subquery, not joined: the statement names these rows four times
  // (the page and three counts), and PostgreSQL plans each join anew on every request.
  if (chars.length > NAME_PIECE_LENGTH)
    byName = byName.where(
      sql<boolean>`(select ${contains(sql`lower(nu.firstname || ' ' || nu.lastname)`, term)}
        or ${contains(sql`lower(nu.email)`, term)} from users nu
        where nu.id = (select nf.user_id from user_files nf where nf.id = g.file_id))`,
    )
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
  // A record's rows of the name index are neighbours in this order: grouped, it is one.
  if (driver) q = q.groupBy([at, id])
  return q
    .select([id.as('id'), at.as('created_at')])
    .orderBy(at, 'asc')
    .orderBy(id, 'asc')
    .limit(opts.limit)
}

type QueuedFiles = ReturnType<typeof queuedFiles>

export const itemColumns = [
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

export function toItem(
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
  const row = await db.selectNoFrom(cappedCounts(db, columns, { ...filters, driver }, cut)).executeTakeFirstOrThrow()
  return toCounts(row)
}

/**
 * The three counts of a driver filter, each read in the name index's order up to one past the
 * cap: a range of upload times that stops there, however many records match.
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
          .groupBy([sql.ref<string>(MATCH_KEY.at), sql.ref<number>(MATCH_KEY.id)])
          .limit(QUEUE_COUNT_CAP + 1)
          .as('p'),
      )
      .select(sql<string | number>`count(*)`.as('n'))
  return [part('late').as('late'), part('today').as('today'), part('on_time').as('on_time')]
}

/** The queue's page as the rows it shows: its keys (`queueSlice`), each record and driver joined, in order. */
function queuePage(
  db: Db,
  columns: ColumnCipher,
  filters: QueueFilters,
  due: QueueDue | undefined,
  cut: ReturnType<typeof reviewCutoffs>,
) {
  return db
    .selectFrom(queueSlice(db, columns, filters, due, cut, { limit: QUEUE_PAGE_SIZE }).as('s'))
    .innerJoin('user_files as f', 'f.id', 's.id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(itemColumns)
    .orderBy('s.created_at', 'asc')
    .orderBy('s.id', 'asc')
}

/**
 * A driver filter's page of the queue and its counts in one statement: the page is the first rows
 * of the name index's matches in the queue's order, the counts capped ranges of them. The counts
 * ride on each row of the page; an empty page has no row to carry them, so then they are counted alone.
 */
async function driverQueuePage(
  db: Db,
  columns: ColumnCipher,
  filters: QueueFilters & { driver: string },
  due: QueueDue | undefined,
  cut: ReturnType<typeof reviewCutoffs>,
  now: Date,
) {
  const rows = await queuePage(db, columns, filters, due, cut)
    .select(cappedCounts(db, columns, filters, cut))
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

/** The queue's filters as the console sends them: those on the record, a driver, and a part of the clock. */
export type QueueQuery = QueueFilters & { due?: QueueDue }

/**
 * The queue's page (the oldest QUEUE_PAGE_SIZE records the filters leave, soonest due first) with
 * each record's due time and age on the review clock at `now`, and the three counts. The staff
 * member who reads it is recorded as having seen each RUT on the page (decision 78).
 */
export async function documentQueue(p: Platform, staffUserId: number, query: QueueQuery, now: Date): Promise<Queue> {
  const { due, ...filters } = query
  const cut = reviewCutoffs(now)
  // The due time grows with the upload time, so oldest upload first is soonest due first (the
  // status and upload-time index serves both), and each count is a range of upload times.
  const driver = filters.driver
  const [rows, counts] = driver
    ? await driverQueuePage(p.db, p.columns, { ...filters, driver }, due, cut, now)
    : await Promise.all([
        queuePage(p.db, p.columns, filters, due, cut).execute(),
        queueCounts(p.db, p.columns, filters, now),
      ])
  const all = counts.late + counts.due_today + counts.on_time
  const part = due === 'late' ? counts.late : due === 'today' ? counts.due_today : due ? counts.on_time : all
  // A driver filter's figures stop one past the cap (decision 117), their sum too.
  const total = driver ? Math.min(part, QUEUE_COUNT_CAP + 1) : part
  await recordRutsShown(
    p.db,
    staffUserId,
    rows.map((r) => ({ id: r.user_id, rut: r.rut })),
    p.now(),
  )
  return {
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
  }
}

/**
 * The record a reviewer goes to after `current` in the same filtered queue: the next one soonest
 * due, or from the start once past the last, never `current` itself; none when it is alone.
 */
export async function nextInQueue(
  db: Db,
  columns: ColumnCipher,
  query: QueueQuery,
  current: { id: number; created_at: string },
  now: Date,
): Promise<number | null> {
  const { due, ...filters } = query
  const cut = reviewCutoffs(now)
  const next = await queueSlice(db, columns, filters, due, cut, { after: current, limit: 1 }).executeTakeFirst()
  if (next) return next.id
  const first = await queueSlice(db, columns, filters, due, cut, { except: current.id, limit: 1 }).executeTakeFirst()
  return first?.id ?? null
}
