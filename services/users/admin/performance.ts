/**
 * «Rendimiento» (decision 92): how the team keeps the review promise, from who decided what and
 * when (the audit rows of document.approve / document.reject) and when each document was uploaded.
 * Administradores only (index.ts).
 */
import type { Kysely } from 'kysely'
import { performanceSchema, type Performance, type ReviewerFigures } from '#domain/contract/performance'
import { addDays, dayInChile } from '#domain/format'
import { chileDayStart } from '#domain/schedule'
import { performanceQuerySchema } from '#domain/validation/performance'
import { REVIEW_HOURS, workingMsBetween } from '#domain/working-hours'
import type { AuthEnv } from '#services/platform/auth'
import type { ColumnCipher } from '#services/platform/column-crypto'
import { defineRoute, errors, jsonResponse, OpenAPIHono, security } from '#services/platform/contract'
import type { Database } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'
import { countLate } from './documents'

type Db = Kysely<Database>

/** The audit actions that are a reviewer's decision on a document (documents.ts writes them). */
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

const oneDecimal = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10)

export type TeamFigures = Omit<Performance, 'period' | 'now' | 'from'>

/**
 * The figures over Chile's `days` (consecutive, oldest first), decisions made before `until`:
 * decisions per reviewer and per day, working hours from upload to decision (median, 90th
 * percentile), the share within REVIEW_HOURS; and the documents late at `now`.
 */
export async function teamFigures(
  db: Db,
  columns: ColumnCipher,
  days: string[],
  until: Date,
  now: Date,
): Promise<TeamFigures> {
  const starts = days.map((day) => chileDayStart(day).toISOString())
  const [rows, late] = await Promise.all([
    decisionsBetween(db, starts[0]!, until.toISOString()),
    countLate(db, columns, now),
  ])
  const perDay = days.map(() => 0)
  const hours: number[] = []
  let within = 0
  const byReviewer = new Map<string, { id: number | null; actor: string; perDay: number[] }>()
  for (const row of rows) {
    // The day of the decision: the last day that started at or before it (ISO strings sort as instants).
    let day = starts.length - 1
    while (day > 0 && starts[day]! > row.decided_at) day--
    perDay[day]!++
    const key = row.admin_user_id === null ? `actor:${row.actor}` : `id:${row.admin_user_id}`
    const reviewer = byReviewer.get(key) ?? { id: row.admin_user_id, actor: row.actor, perDay: days.map(() => 0) }
    reviewer.perDay[day]!++
    byReviewer.set(key, reviewer)
    if (row.uploaded_at === null) continue
    const ms = workingMsBetween(new Date(row.uploaded_at), new Date(row.decided_at))
    hours.push(ms / HOUR_MS)
    if (ms <= DUE_MS) within++
  }
  hours.sort((a, b) => a - b)
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
    decisions: rows.length,
    per_day: perDay,
    timed: hours.length,
    median_hours: oneDecimal(quantile(hours, 0.5)),
    p90_hours: oneDecimal(quantile(hours, 0.9)),
    within_24h: within,
    within_24h_share: hours.length ? within / hours.length : null,
    late_now: late,
    reviewers,
  }
}

/** The `period` days of Chile's calendar that end today, oldest first. */
export function periodDays(now: Date, period: number): string[] {
  const today = dayInChile(now)
  return Array.from({ length: period }, (_, i) => addDays(today, i - period + 1))
}

export function adminPerformanceRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/performance',
      operationId: 'getTeamPerformance',
      tags: ['Consola'],
      summary:
        'Las cifras de revisión del equipo en los últimos 7 o 30 días (?dias=7|30): decisiones por revisor y ' +
        'día, mediana y percentil 90 de horas hábiles hasta la decisión, parte dentro de 24 horas hábiles, atrasados',
      security: security('admin'),
      request: { query: performanceQuerySchema },
      responses: { 200: jsonResponse(performanceSchema, 'Rendimiento'), ...errors(400, 401, 403) },
    },
    async (c) => {
      const period = Number(c.req.valid('query').dias)
      const now = p.now()
      const days = periodDays(now, period)
      // Up to now, a decision of this very millisecond included.
      const figures = await teamFigures(p.db, p.columns, days, new Date(now.getTime() + 1), now)
      return c.json({ ...figures, period, from: chileDayStart(days[0]!).toISOString(), now: now.toISOString() }, 200, {
        'Cache-Control': 'no-store',
      })
    },
  )

  return app
}
