import type { Kysely, Transaction } from 'kysely'
import { RIGHTS_ANSWER_DAYS } from '#domain/privacy'
import type { Database } from '#services/platform/db/schema'
import type { PrivacyRequestKind, PrivacyRequestStatus } from '#services/platform/db/schema-privacy'

type Db = Kysely<Database> | Transaction<Database>

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The log of the rights a person exercises (Ley 21.719 asks the controller to keep evidence of
 * each request and to answer within RIGHTS_ANSWER_DAYS). Written by the users and the business
 * services, read by the console; every request is opened here and closed by `answerRequest`, in
 * the same transaction as what it changed.
 */
export async function openRequest(
  db: Db,
  request: {
    userId: number
    kind: PrivacyRequestKind
    now: Date
    detail?: string | null
    status?: PrivacyRequestStatus
  },
): Promise<number> {
  const requestedAt = request.now.toISOString()
  const status = request.status ?? 'pending'
  const row = await db
    .insertInto('privacy_requests')
    .values({
      user_id: request.userId,
      kind: request.kind,
      status,
      detail: request.detail ?? null,
      requested_at: requestedAt,
      due_at: new Date(request.now.getTime() + RIGHTS_ANSWER_DAYS * DAY_MS).toISOString(),
      // A request honoured at once (a pause, an opt-out) is answered when it is made.
      answered_at: status === 'pending' ? null : requestedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Closes a pending request as done or cancelled; false when it was not pending (already closed). */
export async function answerRequest(
  db: Db,
  id: number,
  status: Exclude<PrivacyRequestStatus, 'pending'>,
  now: Date,
  detail?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('privacy_requests')
    .set({ status, answered_at: now.toISOString(), ...(detail === undefined ? {} : { detail }) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
