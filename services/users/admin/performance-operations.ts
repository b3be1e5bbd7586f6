import type { Kysely } from 'kysely'
import { LRUCache } from 'lru-cache'
import type { Performance, ReviewerFigures } from '#domain/contract/performance'
import { addDays, dayInChile } from '#domain/format'
import { chileDayStart } from '#domain/schedule'
import type { PerformancePeriod } from '#domain/validation/performance'
import { REVIEW_HOURS, workingMsBetween } from '#domain/working-hours'
import type { ColumnCipher } from '#services/platform/column-crypto'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import type { Platform } from '#services/platform/platform'
import { countLate } from './queue'

/**
 * «Rendimiento» (decision 92) as operations `(platform, actor, input) → result`: how the team keeps
 * the review promise, from who decided what and when (the audit rows of document.approve /
 * document.reject) and when each document was uploaded. The routes (performance.ts, for
 * administradores only: index.ts) read the validated period and answer with the result; the daily
 * summary (team-summary.ts) takes teamFigures for one day; tests and scripts call them directly.
 */

type Db = Kysely<Database>

/** The audit actions that are a reviewer's decision on a document (reviewDocument writes them). */
export const DECISION_ACTIONS = ['document.approve', 'document.reject'] as const

const HOUR_MS = 3_600_000
const DUE_MS = REVIEW_HOURS * HOUR_MS

/** One decision: who, when, and the upload it decided (null when the record is gone with its account). */
interface Decision {
  admin_user_id: number | null
  actor: string
  decided_at: string
  uploaded_at: string | null
}

/**
 * The decisions made in [from, to). Index: admin_audit_log_action_created_idx (action, created_at)
 * (migration 0026), one range per action; PostgreSQL may instead read the period's range of
 * admin_audit_log_created_idx and filter the actions. The uploads by primary key.
 * tests/performance-at-scale.test.ts reads both engines' plans.
 */
export function decisionsQuery(db: Db, from: string, to: string) {
  return db
    .selectFrom('admin_audit_log as a')
    .leftJoin('user_files as f', 'f.id', 'a.entity_id')
    .select(['a.admin_user_id', 'a.actor', 'a.created_at as decided_at', 'f.created_at as uploaded_at'])
    .where('a.action', 'in', [...DECISION_ACTIONS])
    .where('a.created_at', '>=', from)
    .where('a.created_at', '<', to)
    .where('a.entity_type', '=', 'user_file')
}

function decisionsBetween(db: Db, from: string, to: string): Promise<Decision[]> {
  return decisionsQuery(db, from, to).execute()
}

/** The value at a quantile of sorted values: the median halves an even count, others take the nearest rank. */
export function quantile(sorted: number[], q: number): number | null {
  const n = sorted.length
  if (!n) return null
  if (q === 0.5) return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2
  return sorted[Math.max(0, Math.ceil(q * n) - 1)]!
}

/** How many values of the sorted lists are at most `v` (a binary search in each). */
function countAtMost(lists: Float64Array[], v: number): number {
  let n = 0
  for (const list of lists) {
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (list[mid]! <= v) lo = mid + 1
      else hi = mid
    }
    n += lo
  }
  return n
}

/**
 * The k-th smallest (from 0) of the union of sorted lists of whole numbers, without merging them:
 * the least whole v with more than k values at most v, found by halving [min, max] (about 32
 * steps of one binary search per list), so 30 days of decisions cost microseconds.
 */
function kthOfSorted(lists: Float64Array[], k: number): number {
  let lo = Infinity
  let hi = -Infinity
  for (const list of lists) {
    if (!list.length) continue
    lo = Math.min(lo, list[0]!)
    hi = Math.max(hi, list[list.length - 1]!)
  }
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2)
    if (countAtMost(lists, mid) > k) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** `quantile` over the union of sorted lists of working milliseconds, in hours, computed as it does. */
function quantileHours(lists: Float64Array[], n: number, q: number): number | null {
  if (!n) return null
  const at = (k: number) => kthOfSorted(lists, k) / HOUR_MS
  if (q === 0.5) return n % 2 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2
  return at(Math.max(0, Math.ceil(q * n) - 1))
}

const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10)

export type TeamFigures = Omit<Performance, 'period' | 'now' | 'from'>

/** One reviewer's decisions of a day; `id` null for a removed account (then `actor` names them). */
interface ReviewerDay {
  id: number | null
  actor: string
  decisions: number
}

/** A Chile day's decisions (decision 99): what a review_days row and its reviewer rows hold. */
interface DayFigures {
  decisions: number
  timed: number
  within: number
  /** Working milliseconds from upload to decision of the timed ones, sorted. */
  times: Float64Array
  reviewers: ReviewerDay[]
}

/** A day rolls up once it ended this long ago, so a decision whose transaction commits late is in it. */
const SETTLE_MS = 10 * 60_000

const reviewerKey = (id: number | null, actor: string) => (id === null ? `actor:${actor}` : `id:${id}`)

/** Each of `starts`' days' figures from its audit rows (a decision's day: the last that began before it). */
function figuresOfRows(rows: Decision[], starts: string[]): DayFigures[] {
  const days = starts.map(() => ({
    decisions: 0,
    within: 0,
    ms: [] as number[],
    reviewers: new Map<string, ReviewerDay>(),
  }))
  for (const row of rows) {
    // ISO strings sort as instants.
    let i = starts.length - 1
    while (i > 0 && starts[i]! > row.decided_at) i--
    const day = days[i]!
    day.decisions++
    const key = reviewerKey(row.admin_user_id, row.actor)
    const reviewer = day.reviewers.get(key) ?? { id: row.admin_user_id, actor: row.actor, decisions: 0 }
    reviewer.decisions++
    day.reviewers.set(key, reviewer)
    if (row.uploaded_at === null) continue
    const ms = workingMsBetween(new Date(row.uploaded_at), new Date(row.decided_at))
    day.ms.push(ms)
    if (ms <= DUE_MS) day.within++
  }
  return days.map((d) => ({
    decisions: d.decisions,
    timed: d.ms.length,
    within: d.within,
    times: Float64Array.from(d.ms).sort(),
    reviewers: [...d.reviewers.values()],
  }))
}

/** float64s as stored (little-endian, whatever the machine). */
function encodeTimes(times: Float64Array): Buffer {
  const out = Buffer.alloc(times.length * 8)
  times.forEach((t, i) => out.writeDoubleLE(t, i * 8))
  return out
}

/** This machine keeps float64s little-endian (every platform Node supports today). */
const LITTLE_ENDIAN = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f

function decodeTimes(bytes: Uint8Array): Float64Array {
  // One copy of the bytes; a Float64Array cannot view them in place at an odd offset.
  if (LITTLE_ENDIAN) return new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Float64Array(buf.byteLength / 8)
  for (let i = 0; i < out.length; i++) out[i] = buf.readDoubleLE(i * 8)
  return out
}

/**
 * The closed days' decision times once read, by database (each test platform its own) and day:
 * a review_days row is written once and never changed, and a 30-day «Rendimiento» would otherwise
 * fetch and decode about 90,000 of them per request (on PostgreSQL, a megabyte and a half of bytea
 * as hex). Numbers only: the reviewers' names and counts are read each time.
 */
const TIMES_DAYS_KEPT = 64
const timesByDb = new WeakMap<Db, LRUCache<string, Float64Array>>()

function timesMemo(db: Db): LRUCache<string, Float64Array> {
  let memo = timesByDb.get(db)
  if (!memo) timesByDb.set(db, (memo = new LRUCache({ max: TIMES_DAYS_KEPT })))
  return memo
}

/**
 * The closed days' figures (decision 99): the review_days rows there are, and for the days without
 * one, the audit log's decisions of those days rolled up and written (once: of two readers at once,
 * the first row wins and the second writes nothing). Days are consecutive; `ends[i]` ends `days[i]`.
 */
async function closedDays(db: Db, days: string[], starts: string[], ends: string[], now: Date): Promise<DayFigures[]> {
  const first = days[0]!
  const last = days[days.length - 1]!
  const [stored, people] = await Promise.all([
    db
      .selectFrom('review_days')
      .select(['day', 'decisions', 'timed', 'within'])
      .where('day', '>=', first)
      .where('day', '<=', last)
      .execute(),
    db
      .selectFrom('review_day_reviewers')
      .select(['day', 'admin_user_id', 'actor', 'decisions'])
      .where('day', '>=', first)
      .where('day', '<=', last)
      .execute(),
  ])
  const memo = timesMemo(db)
  const times = new Map(stored.flatMap((r) => (memo.has(r.day) ? [[r.day, memo.get(r.day)!] as const] : [])))
  const unread = stored.filter((r) => !times.has(r.day)).map((r) => r.day)
  if (unread.length)
    for (const r of await db.selectFrom('review_days').select(['day', 'times']).where('day', 'in', unread).execute()) {
      times.set(r.day, decodeTimes(r.times))
      memo.set(r.day, times.get(r.day)!)
    }
  const byDay = new Map<string, DayFigures>(
    stored.map((r) => [
      r.day,
      { decisions: r.decisions, timed: r.timed, within: r.within, times: times.get(r.day)!, reviewers: [] },
    ]),
  )
  for (const r of people)
    byDay.get(r.day)?.reviewers.push({ id: r.admin_user_id, actor: r.actor, decisions: r.decisions })
  const missing = days.flatMap((day, i) => (byDay.has(day) ? [] : [i]))
  if (missing.length) {
    const from = missing[0]!
    const to = missing[missing.length - 1]!
    const rows = await decisionsBetween(db, starts[from]!, ends[to]!)
    const computed = figuresOfRows(rows, starts.slice(from, to + 1))
    for (const i of missing) {
      const figures = computed[i - from]!
      byDay.set(days[i]!, figures)
      await inTransaction(db, async (trx) => {
        const claimed = await trx
          .insertInto('review_days')
          .values({
            day: days[i]!,
            decisions: figures.decisions,
            timed: figures.timed,
            within: figures.within,
            times: encodeTimes(figures.times),
            created_at: now.toISOString(),
          })
          .onConflict((oc) => oc.column('day').doNothing())
          .returning('day')
          .executeTakeFirst()
        if (claimed && figures.reviewers.length)
          await trx
            .insertInto('review_day_reviewers')
            .values(
              figures.reviewers.map((r) => ({
                day: days[i]!,
                admin_user_id: r.id,
                actor: r.actor,
                decisions: r.decisions,
              })),
            )
            .execute()
      })
    }
  }
  return days.map((day) => byDay.get(day)!)
}

/** Two figures of the same day as one: counts added, times merged in order, reviewers joined. */
function addFigures(a: DayFigures, b: DayFigures): DayFigures {
  if (!b.decisions) return a
  if (!a.decisions) return b
  const times = new Float64Array(a.times.length + b.times.length)
  for (let i = 0, j = 0, k = 0; k < times.length; k++)
    times[k] = j >= b.times.length || (i < a.times.length && a.times[i]! <= b.times[j]!) ? a.times[i++]! : b.times[j++]!
  const reviewers = new Map(a.reviewers.map((r) => [reviewerKey(r.id, r.actor), { ...r }]))
  for (const r of b.reviewers) {
    const known = reviewers.get(reviewerKey(r.id, r.actor))
    if (known) known.decisions += r.decisions
    else reviewers.set(reviewerKey(r.id, r.actor), { ...r })
  }
  return {
    decisions: a.decisions + b.decisions,
    timed: a.timed + b.timed,
    within: a.within + b.within,
    times,
    reviewers: [...reviewers.values()],
  }
}

/**
 * The days still open (today, and yesterday in its first SETTLE_MS), by database: their figures
 * up to `through`, an instant at least SETTLE_MS old, so every decision made before it has
 * committed (as a day is rolled up only SETTLE_MS after it ends). Never changed in place: a read
 * that extends it puts a new one.
 */
interface OpenDaysSettled {
  starts: string
  through: string
  figures: DayFigures[]
}
const openDaysByDb = new WeakMap<Db, OpenDaysSettled>()

/**
 * The open days' figures up to `untilIso`: what was settled by an earlier read (the audit rows
 * older than SETTLE_MS, read once), what was decided since it (read once and kept), and the last
 * SETTLE_MS fresh from the log. A day of 100,000 drivers holds about 3,000 decisions, which every
 * «Rendimiento» read from the log otherwise (decision 127). A read of a past `until` goes to the
 * log alone.
 */
async function openDays(db: Db, starts: string[], untilIso: string, now: Date): Promise<DayFigures[]> {
  const key = starts.join(' ')
  let settled = openDaysByDb.get(db)
  if (settled && settled.starts === key && settled.through > untilIso)
    return figuresOfRows(await decisionsBetween(db, starts[0]!, untilIso), starts)
  if (!settled || settled.starts !== key) {
    settled = { starts: key, through: starts[0]!, figures: figuresOfRows([], starts) }
    openDaysByDb.set(db, settled)
  }
  const settledNow = new Date(now.getTime() - SETTLE_MS).toISOString()
  const through = settledNow < untilIso ? settledNow : untilIso
  if (through > settled.through) {
    const base = settled
    const more = figuresOfRows(await decisionsBetween(db, base.through, through), starts)
    const extended = { starts: key, through, figures: base.figures.map((f, i) => addFigures(f, more[i]!)) }
    // Of two reads that extend it at once, the first one's stands; the other uses its own.
    if (openDaysByDb.get(db) === base) openDaysByDb.set(db, extended)
    settled = extended
  }
  const fresh = figuresOfRows(await decisionsBetween(db, settled.through, untilIso), starts)
  return settled.figures.map((f, i) => addFigures(f, fresh[i]!))
}

/**
 * The figures over Chile's `days` (consecutive, oldest first), decisions made before `until`:
 * decisions per reviewer and per day, working hours from upload to decision (median, 90th
 * percentile), the share within REVIEW_HOURS; and the documents late at `now`. A day that ended
 * SETTLE_MS before `now` (and by `until`) is read from its roll-up (decision 99), written from the
 * audit log by the first read that needs it; the others (today) through openDays.
 */
export async function teamFigures(
  db: Db,
  columns: ColumnCipher,
  days: string[],
  until: Date,
  now: Date,
): Promise<TeamFigures> {
  const starts = days.map((day) => chileDayStart(day).toISOString())
  const ends = [...starts.slice(1), chileDayStart(addDays(days[days.length - 1]!, 1)).toISOString()]
  const untilIso = until.toISOString()
  let closed = 0
  while (closed < days.length && ends[closed]! <= untilIso && Date.parse(ends[closed]!) + SETTLE_MS <= now.getTime())
    closed++
  const [rolled, open, late] = await Promise.all([
    closed ? closedDays(db, days.slice(0, closed), starts.slice(0, closed), ends.slice(0, closed), now) : [],
    closed < days.length ? openDays(db, starts.slice(closed), untilIso, now) : [],
    countLate(db, columns, now),
  ])
  const perDayFigures = [...rolled, ...open]
  const byReviewer = new Map<string, { id: number | null; actor: string; perDay: number[] }>()
  perDayFigures.forEach((day, i) => {
    for (const r of day.reviewers) {
      const key = reviewerKey(r.id, r.actor)
      const reviewer = byReviewer.get(key) ?? { id: r.id, actor: r.actor, perDay: days.map(() => 0) }
      reviewer.perDay[i]! += r.decisions
      byReviewer.set(key, reviewer)
    }
  })
  const lists = perDayFigures.map((d) => d.times)
  const timed = perDayFigures.reduce((a, d) => a + d.timed, 0)
  const within = perDayFigures.reduce((a, d) => a + d.within, 0)
  const ids = [...byReviewer.values()].flatMap((r) => (r.id === null ? [] : [r.id]))
  const people = ids.length
    ? await db.selectFrom('users').select(['id', 'firstname', 'lastname', 'email']).where('id', 'in', ids).execute()
    : []
  const names = new Map(people.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim() || u.email]))
  const reviewers: ReviewerFigures[] = [...byReviewer.values()]
    .map((r) => ({
      id: r.id !== null && names.has(r.id) ? r.id : null,
      // An account removed since: the address the audit row kept.
      name: (r.id !== null ? names.get(r.id) : undefined) ?? r.actor,
      decisions: r.perDay.reduce((a, b) => a + b, 0),
      per_day: r.perDay,
    }))
    .sort((a, b) => b.decisions - a.decisions || a.name.localeCompare(b.name, 'es'))
  return {
    days,
    decisions: perDayFigures.reduce((a, d) => a + d.decisions, 0),
    per_day: perDayFigures.map((d) => d.decisions),
    timed,
    median_hours: oneDecimal(quantileHours(lists, timed, 0.5)),
    p90_hours: oneDecimal(quantileHours(lists, timed, 0.9)),
    within_24h: within,
    within_24h_share: timed ? within / timed : null,
    late_now: late,
    reviewers,
  }
}

/** The `period` days of Chile's calendar that end today, oldest first. */
export function periodDays(now: Date, period: number): string[] {
  const today = dayInChile(now)
  return Array.from({ length: period }, (_, i) => addDays(today, i - period + 1))
}

/**
 * The team's figures over the last `dias` days of Chile's calendar, today included, up to now (a
 * decision of this very millisecond included), with the period, the first day's start and the clock.
 */
export async function readTeamPerformance(
  p: Pick<Platform, 'db' | 'columns' | 'now'>,
  { dias }: { dias: PerformancePeriod },
): Promise<Performance> {
  const period = Number(dias)
  const now = p.now()
  const days = periodDays(now, period)
  const figures = await teamFigures(p.db, p.columns, days, new Date(now.getTime() + 1), now)
  return { ...figures, period, from: chileDayStart(days[0]!).toISOString(), now: now.toISOString() }
}
