import type { ApplicationStatus } from '#domain/validation/marketplace'
import { isUniqueViolation } from '#services/platform/db/errors'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { applicationReceivedMail } from '#services/shared/marketplace-mails'

/**
 * A driver's hold on a posting: an application, or a saved posting. Four operations of one shape,
 * `(platform, driver, { id_publication }) → { status, body }`: each finds the posting (a draft does
 * not exist for a driver), then adds or removes the driver's row. Adding twice answers 200 with
 * «ya…» instead of 201, also when two requests race (the unique pair keeps one row).
 */

export const DRIVER_POSTING_MESSAGES = {
  applied: 'Postulación enviada correctamente.',
  alreadyApplied: 'Ya postulaste a esta publicación.',
  withdrawn: 'Postulación retirada.',
  saved: 'Publicación guardada.',
  alreadySaved: 'La publicación ya estaba guardada.',
  unsaved: 'Publicación quitada de tus guardadas.',
  closed: 'Esta publicación está cerrada y ya no recibe postulaciones.',
  paused: 'Tu perfil está pausado: reanúdalo en «Mis datos» para postular.',
} as const

const M = DRIVER_POSTING_MESSAGES

export interface Driver {
  userId: number
}

export interface PostingRef {
  id_publication: number
}

export interface HoldResult<Body extends { message: string } = { message: string }> {
  status: 200 | 201
  body: Body
}

type HoldTable = 'applications' | 'saved_postings'

/** A posting a driver may hold, with what an application's notice needs; 404 for a draft or none. */
async function postingForDriver(p: Pick<Platform, 'db'>, id: number) {
  const posting = await p.db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as co', 'co.id', 'jp.company_id')
    .innerJoin('users as cu', 'cu.id', 'co.user_id')
    .select([
      'jp.id',
      'jp.title',
      'jp.status',
      'co.email as company_email',
      'co.name as company_name',
      'cu.opted_out_at as company_opted_out_at',
    ])
    .where('jp.id', '=', id)
    // A draft is the company's alone (decision 104): to a driver it does not exist.
    .where('jp.status', '!=', 'draft')
    .executeTakeFirst()
  if (!posting) throw new ApiError(404, MESSAGES.notFound)
  return posting
}

/** `write` adds the driver's row; a unique violation (the same request twice at once) is `already`. */
async function addOnce<Body extends { message: string }>(write: () => Promise<void>, done: Body, already: Body) {
  try {
    await write()
  } catch (err) {
    if (isUniqueViolation(err)) return { status: 200 as const, body: already }
    throw err
  }
  return { status: 201 as const, body: done }
}

/** Removes the driver's row of the posting from `table`; none is not an error. */
async function removeHold(p: Pick<Platform, 'db'>, table: HoldTable, driver: Driver, ref: PostingRef, message: string) {
  const posting = await postingForDriver(p, ref.id_publication)
  await p.db.deleteFrom(table).where('posting_id', '=', posting.id).where('user_id', '=', driver.userId).execute()
  return { status: 200 as const, body: { message } }
}

/**
 * Applies to an open posting: the application as «nueva» and, in the same transaction, the
 * company's notice (none to a company that opposed, decision 76). A paused profile cannot apply.
 */
export async function applyToPosting(
  p: Pick<Platform, 'db' | 'now' | 'publicUrl' | 'wakeOutbox'>,
  driver: Driver,
  ref: PostingRef,
): Promise<HoldResult<{ message: string; status: ApplicationStatus }>> {
  const posting = await postingForDriver(p, ref.id_publication)
  const existing = await p.db
    .selectFrom('applications')
    .select('status')
    .where('posting_id', '=', posting.id)
    .where('user_id', '=', driver.userId)
    .executeTakeFirst()
  if (existing)
    return { status: 200, body: { message: M.alreadyApplied, status: existing.status as ApplicationStatus } }
  if (posting.status !== 'open') throw new ApiError(409, M.closed)
  const applicant = await p.db
    .selectFrom('users')
    .select(['firstname', 'lastname', 'paused_at'])
    .where('id', '=', driver.userId)
    .executeTakeFirstOrThrow()
  // A paused profile's applications are frozen: no new ones (decision 76).
  if (applicant.paused_at) throw new ApiError(409, M.paused)
  const now = p.now()
  const result = await addOnce(
    () =>
      inTransaction(p.db, async (trx) => {
        await trx
          .insertInto('applications')
          .values({
            posting_id: posting.id,
            user_id: driver.userId,
            status: 'nueva',
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .execute()
        const mail = applicationReceivedMail(posting.company_email, {
          companyName: posting.company_name,
          postingTitle: posting.title,
          driverName: `${applicant.firstname} ${applicant.lastname}`.trim(),
          link: `${p.publicUrl}/business/dashboard/publicaciones/${posting.id}`,
        })
        // A new applicant's notice is not essential: a company that opposed gets none (decision 76).
        if (!posting.company_opted_out_at) await enqueueEmail(trx, mail, now)
      }),
    { message: M.applied, status: 'nueva' as const },
    { message: M.alreadyApplied, status: 'nueva' as const },
  )
  if (result.status === 201) p.wakeOutbox()
  return result
}

/** Withdraws the driver's application to the posting. */
export function withdrawApplication(p: Pick<Platform, 'db'>, driver: Driver, ref: PostingRef): Promise<HoldResult> {
  return removeHold(p, 'applications', driver, ref, M.withdrawn)
}

/** Saves the posting to the driver's list, open or closed. */
export async function savePosting(
  p: Pick<Platform, 'db' | 'now'>,
  driver: Driver,
  ref: PostingRef,
): Promise<HoldResult> {
  const posting = await postingForDriver(p, ref.id_publication)
  const existing = await p.db
    .selectFrom('saved_postings')
    .select('id')
    .where('posting_id', '=', posting.id)
    .where('user_id', '=', driver.userId)
    .executeTakeFirst()
  if (existing) return { status: 200, body: { message: M.alreadySaved } }
  return addOnce(
    async () => {
      await p.db
        .insertInto('saved_postings')
        .values({ posting_id: posting.id, user_id: driver.userId, created_at: p.now().toISOString() })
        .execute()
    },
    { message: M.saved },
    { message: M.alreadySaved },
  )
}

/** Removes the posting from the driver's saved list. */
export function unsavePosting(p: Pick<Platform, 'db'>, driver: Driver, ref: PostingRef): Promise<HoldResult> {
  return removeHold(p, 'saved_postings', driver, ref, M.unsaved)
}
