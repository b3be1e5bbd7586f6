/**
 * The team's daily summary mail (decision 92): each morning every administrador gets yesterday's
 * decisions (per reviewer), the share decided within 24 working hours, and the documents late
 * now. `sendTeamSummary(p, now)` is the whole job (services/jobs.ts runs it daily; a test runs it
 * with any clock). The day's `team_summaries` row is written in the same transaction as the mails,
 * under the day's key: a second run of the day sends nothing.
 */
import { addDays, dayInChile, formatDate, formatDecimal, formatInteger, formatPercent } from '#domain/format'
import { chileDayStart } from '#domain/schedule'
import { inTransaction } from '#services/platform/db/transaction'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { teamFigures } from './admin/performance-operations'
import { teamSummaryMail } from './mails'

export interface TeamSummaryRun {
  /** The day the summary is about (yesterday in Chile). */
  day: string
  /** Mails enqueued (0: already sent that day, or no administrador). */
  mails: number
}

export async function sendTeamSummary(p: Platform, now: Date): Promise<TeamSummaryRun> {
  const today = dayInChile(now)
  const day = addDays(today, -1)
  const done = await p.db.selectFrom('team_summaries').select('day').where('day', '=', day).executeTakeFirst()
  if (done) return { day, mails: 0 }
  const [figures, admins] = await Promise.all([
    teamFigures(p.db, p.columns, [day], chileDayStart(today), now),
    p.db
      .selectFrom('users')
      .select(['email', 'firstname'])
      .where('role', '=', 'admin')
      .where('staff_role', '=', 'administrador')
      .where('closed_at', 'is', null)
      .orderBy('id')
      .execute(),
  ])
  const share = figures.within_24h_share
  const summary = {
    dayText: formatDate(chileDayStart(day)),
    decisions: figures.decisions,
    withinText: share === null ? null : formatPercent(share * 100, 1),
    medianText: figures.median_hours === null ? null : `${formatDecimal(figures.median_hours)} h`,
    lateNow: figures.late_now,
    reviewers: figures.reviewers.map((r) => `${r.name}: ${formatInteger(r.decisions)}`),
  }
  const link = `${p.publicUrl}/admin/rendimiento`
  const mails = await inTransaction(p.db, async (trx) => {
    const claimed = await trx
      .insertInto('team_summaries')
      .values({ day, mails: admins.length, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('day').doNothing())
      .returning('day')
      .executeTakeFirst()
    if (!claimed) return 0
    // The outbox runs on the process's clock: a mail of a run under an injected clock is due at once.
    for (const admin of admins)
      await enqueueEmail(trx, teamSummaryMail(admin.email, admin.firstname, summary, link), p.now())
    return admins.length
  })
  if (mails) p.wakeOutbox()
  return { day, mails }
}

/** The run's line for the logs (null: nothing sent). */
export function describeTeamSummaryRun(r: TeamSummaryRun): string | null {
  return r.mails ? `summary of ${r.day} mailed to ${r.mails} administradores` : null
}
