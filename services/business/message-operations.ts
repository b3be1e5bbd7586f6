import type { Thread } from '#domain/contract/messages'
import { bulkMessageSent, THREAD_MESSAGES } from '#domain/validation/application-messages'
import type { Platform } from '#services/platform/platform'
import {
  limitCompanyBulk,
  limitSender,
  postingThreadRefs,
  readThread,
  threadRef,
  writeCompanyMessages,
  writeMessage,
} from '#services/shared/application-messages'
import type { CompanyActor } from './company-context'

/**
 * The company's side of an application's thread (decision 105) as operations `(platform, company,
 * input) → result`: read it, write in it, and write one message to several applicants of a posting
 * at once (decision 108). The thread's rules (who may see it, read markers, notices, hourly limits)
 * are services/shared/application-messages.ts's, shared with the driver's side. The routes
 * (messages.ts) read the company of the session and the validated input and answer with the
 * result; tests and scripts call the operations directly.
 */

/** One application, by the id of the call's path. */
interface ApplicationId {
  id: number
}

/**
 * The thread of one application to one of the company's postings, oldest first; the driver's
 * messages in it are read from now on. 404 for another company's application or a driver out of sight.
 */
export async function readCompanyThread(p: Platform, actor: CompanyActor, { id }: ApplicationId): Promise<Thread> {
  const ref = await threadRef(p.db, id, { company: actor.company.id })
  return readThread(p.db, ref, 'company', p.now())
}

/** Writes to the applicant in their application's thread (they get a notice); 429 past the company's hourly limit. */
export async function sendCompanyMessage(
  p: Platform,
  actor: CompanyActor,
  { id, body }: ApplicationId & { body: string },
): Promise<{ message: string; id_message: number }> {
  const ref = await threadRef(p.db, id, { company: actor.company.id })
  await limitSender(p, 'company', actor.company.id)
  const idMessage = await writeMessage(p, ref, { sender: 'company', senderUserId: actor.userId, body }, p.now())
  return { message: THREAD_MESSAGES.sent, id_message: idMessage }
}

/**
 * Writes one message into the thread of each of the applications named, all to the company's
 * posting of the path's id: every one gets it or none does (404 when one is not). Each message
 * counts against the company's hourly limit.
 */
export async function messageApplicants(
  p: Platform,
  actor: CompanyActor,
  { id: postingId, applications, body }: { id: number; applications: number[]; body: string },
): Promise<{ message: string; sent: number }> {
  // Every one must be an applicant of this posting of this company, still visible: else 404, nothing written.
  const refs = await postingThreadRefs(p.db, postingId, actor.company.id, applications)
  await limitCompanyBulk(p, actor.company.id, refs.length)
  const ids = await writeCompanyMessages(p, refs, { senderUserId: actor.userId, body }, p.now())
  return { message: bulkMessageSent(ids.length), sent: ids.length }
}
