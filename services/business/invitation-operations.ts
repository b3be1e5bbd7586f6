import { sql, type Kysely } from 'kysely'
import type { z } from 'zod'
import type { invitationsSentSchema, PostingMatches } from '#domain/contract/invitations'
import { dayInChile } from '#domain/format'
import { communesByRegion, findCommune } from '#domain/reference-data/geography'
import { findVehicle } from '#domain/reference-data/vehicles'
import type { Database } from '#services/platform/db/schema'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { notifyInvitation } from '#services/shared/driver-notifications'
import type { CompanyActor } from './company-context'

/**
 * Invitations to apply (decision 106) as operations `(platform, company, input) → result`: the
 * counts a company sees of the drivers one of its postings matches, and «Invitar a postular», which
 * invites those not reached yet up to the company's daily cap. A posting that is not the company's
 * does not exist for it (404). The routes (invitations.ts) read the company of the session and the
 * posting's id and answer with the result; tests and scripts call the operations directly.
 */

/** Invitations a company may send in one day in Chile, over all its postings (decision 106). */
export const DAILY_INVITATION_CAP = 200

export const INVITATION_MESSAGES = {
  closed: 'La publicación está cerrada: solo puedes invitar a postular a una publicación abierta.',
  capReached: `Ya enviaste las ${DAILY_INVITATION_CAP} invitaciones de hoy. Podrás invitar a más conductores mañana.`,
  noneLeft: 'No hay conductores nuevos que invitar a esta publicación.',
} as const

/** «Invitaste a 1 conductor» / «Invitaste a 12 conductores». */
export function invitedMessage(n: number): string {
  return `Invitaste a ${n} ${n === 1 ? 'conductor' : 'conductores'} a postular.`
}

/** One of the company's postings, by the id of the call's path. */
interface PostingId {
  id: number
}

interface PostingPlace {
  id: number
  id_vehicle: number
  id_region: number
}

/**
 * The drivers a posting may reach (decision 106): validated drivers («Fleeter validado»: the 22
 * accepted and in force on `now`'s day in Chile) who opted in to invitations, with the posting's
 * vehicle, living in a commune of the posting's region (the shared data has no adjacency between
 * communes), who have not opposed non-essential messages and whom companies may see. Read from
 * `matching_drivers` (migration 0041, decision 115), which holds the drivers who qualify whatever
 * the posting, by its `matching_drivers_place_idx` (vehicle, commune, valid until): the driver's
 * earliest expiry among the 22 not before today is «none expired» on the same dates.
 */
function validatedCandidates(db: Kysely<Database>, posting: PostingPlace, now: Date) {
  const communes = communesByRegion(posting.id_region).map((c) => c.id_commune)
  return db
    .selectFrom('matching_drivers as md')
    .where('md.id_vehicle', '=', posting.id_vehicle)
    .where('md.id_commune', 'in', communes.length ? communes : [-1])
    .where((eb) => eb.or([eb('md.valid_until', 'is', null), eb('md.valid_until', '>=', dayInChile(now))]))
}

/** Whether a candidate (`md`) was invited to this posting already or is among its applicants. */
function reachedAlready(posting: PostingPlace) {
  return sql<boolean>`(exists (select 1 from posting_invitations i where i.user_id = md.user_id
      and i.posting_id = ${posting.id})
    or exists (select 1 from applications a where a.user_id = md.user_id and a.posting_id = ${posting.id}))`
}

/**
 * How many validated candidates match the posting, and how many of them are not reached yet
 * (invitable): one pass over the posting's entries of matching_drivers_place_idx.
 */
async function matchingCounts(db: Kysely<Database>, posting: PostingPlace, now: Date) {
  const row = await validatedCandidates(db, posting, now)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('matching'),
      eb.fn.sum<number | string | null>(sql`case when ${reachedAlready(posting)} then 1 else 0 end`).as('reached'),
    ])
    .executeTakeFirstOrThrow()
  const matching = Number(row.matching)
  return { matching, invitable: matching - Number(row.reached ?? 0) }
}

/** One of this company's postings; another company's does not exist for it (404). */
async function companyPosting(db: Kysely<Database>, companyId: number, id: number) {
  const posting = await db
    .selectFrom('job_postings')
    .select(['id', 'title', 'status', 'id_vehicle', 'id_region', 'id_commune'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst()
  if (!posting) throw new ApiError(404, MESSAGES.notFound)
  return posting
}

/** The invitations the company sent today in Chile, over all its postings: what the daily cap counts. */
async function sentToday(db: Kysely<Database>, companyId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('posting_invitations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('day', '=', dayInChile(now))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The posting's counts as the company sees them, and what is left of its cap today. */
async function matchesOf(
  db: Kysely<Database>,
  companyId: number,
  posting: Awaited<ReturnType<typeof companyPosting>>,
  now: Date,
): Promise<PostingMatches> {
  const [{ matching, invitable }, invited, today] = await Promise.all([
    matchingCounts(db, posting, now),
    db
      .selectFrom('posting_invitations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('posting_id', '=', posting.id)
      .executeTakeFirstOrThrow(),
    sentToday(db, companyId, now),
  ])
  return {
    open: posting.status === 'open',
    matching,
    invitable,
    invited: Number(invited.n),
    remaining_today: Math.max(0, DAILY_INVITATION_CAP - today),
    daily_cap: DAILY_INVITATION_CAP,
    name_vehicle: findVehicle(posting.id_vehicle)?.name_vehicle ?? '',
    name_commune: findCommune(posting.id_commune)?.name_commune ?? '',
  }
}

/** How many drivers one of the company's postings matches and has invited, as counts only: never who. */
export async function postingMatches(
  p: Pick<Platform, 'db' | 'now'>,
  actor: CompanyActor,
  { id }: PostingId,
): Promise<PostingMatches> {
  const posting = await companyPosting(p.db, actor.company.id, id)
  return matchesOf(p.db, actor.company.id, posting, p.now())
}

/**
 * «Invitar a postular»: invites the posting's matching drivers not invited and not applied yet, in
 * order of id, up to what is left of the company's daily cap, each told on the channels they chose;
 * answers how many were invited now and the counts after it. 409 for a posting not open, 429 with
 * the cap spent, 404 for none.
 */
export async function inviteMatchingDrivers(
  p: Platform,
  actor: CompanyActor,
  { id }: PostingId,
): Promise<z.output<typeof invitationsSentSchema>> {
  const { company } = actor
  const now = p.now()
  const ts = now.toISOString()
  const link = `${p.publicUrl}/user/dashboard/job-postings/${id}`
  const result = await inTransaction(p.db, async (trx) => {
    // One company's invitations at a time: two presses cannot both spend the same part of the cap.
    await lockUser(trx, p.dialect, actor.userId)
    const posting = await companyPosting(trx, company.id, id)
    if (posting.status !== 'open') throw new ApiError(409, INVITATION_MESSAGES.closed)
    const left = DAILY_INVITATION_CAP - (await sentToday(trx, company.id, now))
    if (left <= 0) throw new ApiError(429, INVITATION_MESSAGES.capReached)
    const targets = await trx
      .selectFrom('users as u')
      .select(['u.id', 'u.email', 'u.firstname'])
      .where(
        'u.id',
        'in',
        validatedCandidates(trx, posting, now)
          .select('md.user_id')
          .where(sql<boolean>`not ${reachedAlready(posting)}`),
      )
      .orderBy('u.id')
      .limit(left)
      .execute()
    let sent = 0
    if (targets.length) {
      const written = await trx
        .insertInto('posting_invitations')
        .values(
          targets.map((t) => ({
            posting_id: posting.id,
            user_id: t.id,
            company_id: company.id,
            day: dayInChile(now),
            created_at: ts,
          })),
        )
        .onConflict((oc) => oc.columns(['posting_id', 'user_id']).doNothing())
        .returning('user_id')
        .execute()
      const invited = new Set(written.map((w) => w.user_id))
      const commune = findCommune(posting.id_commune)?.name_commune ?? ''
      for (const t of targets) {
        if (!invited.has(t.id)) continue
        await notifyInvitation(
          trx,
          {
            userId: t.id,
            firstname: t.firstname,
            email: t.email,
            postingId: posting.id,
            postingTitle: posting.title,
            companyName: company.name,
            place: commune,
            link,
          },
          now,
        )
        sent++
      }
    }
    return { sent, matches: await matchesOf(trx, company.id, posting, now) }
  })
  if (result.sent) p.wakeOutbox()
  return {
    message: result.sent ? invitedMessage(result.sent) : INVITATION_MESSAGES.noneLeft,
    sent: result.sent,
    ...result.matches,
  }
}
