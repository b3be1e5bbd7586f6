/**
 * Conversations per application (decision 105): one thread between the company that published the
 * posting and the driver who applied, read by both and by the console. The business service writes
 * and reads the company's side, the users service the driver's and the console's; both go through
 * here, so the access rule, the read markers and the notifications are one piece of code.
 *
 * Text only: bodies are stored as typed and every screen renders them as text (React escapes
 * them), never as HTML; the mails say who wrote and link to the thread, never carry the text.
 */
import type { Kysely, Transaction } from 'kysely'
import type { DriverThreads, Thread } from '#domain/contract/messages'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { visibleToCompanies } from './account-visibility'
import { notifyDriver } from './driver-notifications'
import { threadMessageToDriverMail, threadReplyToCompanyMail } from './marketplace-mails'

export type Sender = 'company' | 'driver'

/** The newest messages a thread shows; older ones stay stored (the console's export reads them all). */
const THREAD_PAGE = 200

/** Messages an hour: a company writes to many applicants, a driver answers a few companies. */
const HOURLY_LIMIT: Record<Sender, number> = { company: 120, driver: 30 }

/** The application behind a thread, with what the notifications and the screens name. */
export interface ThreadRef {
  id: number
  postingId: number
  postingTitle: string
  driverId: number
  driverName: string
  driverFirstname: string
  driverEmail: string
  companyId: number
  companyName: string
  companyEmail: string
}

/**
 * The thread of application `id` as `who` may see it: the company only for its own postings'
 * applicants still visible to companies, the driver only for their own application, the console
 * for any. Anything else does not exist for the caller (404), so ids cannot be probed.
 */
export async function threadRef(
  db: Kysely<Database>,
  id: number,
  who: { company: number } | { driver: number } | 'console',
): Promise<ThreadRef> {
  let q = db
    .selectFrom('applications as a')
    .innerJoin('job_postings as jp', 'jp.id', 'a.posting_id')
    .innerJoin('companies as co', 'co.id', 'jp.company_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'jp.id as postingId',
      'jp.title as postingTitle',
      'u.id as driverId',
      'u.firstname',
      'u.lastname',
      'u.email as driverEmail',
      'co.id as companyId',
      'co.name as companyName',
      'co.email as companyEmail',
    ])
    .where('a.id', '=', id)
  if (who !== 'console') {
    q =
      'company' in who
        ? q.where('jp.company_id', '=', who.company).where(visibleToCompanies('a.user_id'))
        : q.where('a.user_id', '=', who.driver)
  }
  const row = await q.executeTakeFirst()
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  return {
    id: row.id,
    postingId: row.postingId,
    postingTitle: row.postingTitle,
    driverId: row.driverId,
    driverName: `${row.firstname} ${row.lastname}`.trim(),
    driverFirstname: row.firstname,
    driverEmail: row.driverEmail,
    companyId: row.companyId,
    companyName: row.companyName,
    companyEmail: row.companyEmail,
  }
}

const otherSide = (s: Sender): Sender => (s === 'company' ? 'driver' : 'company')

/**
 * The thread, oldest first. A party's reading marks the other side's messages read (after they are
 * read here, so `read` still tells this answer which ones were new); the console reads without
 * marking anything.
 */
export async function readThread(
  db: Kysely<Database>,
  ref: ThreadRef,
  reader: Sender | 'console',
  now: Date,
): Promise<Thread> {
  const rows = await db
    .selectFrom('application_messages')
    .select(['id', 'sender', 'subject', 'body', 'created_at', 'read_at'])
    .where('application_id', '=', ref.id)
    .orderBy('id', 'desc')
    .limit(THREAD_PAGE)
    .execute()
  if (reader !== 'console') {
    await db
      .updateTable('application_messages')
      .set({ read_at: now.toISOString() })
      .where('application_id', '=', ref.id)
      .where('sender', '=', otherSide(reader))
      .where('read_at', 'is', null)
      .execute()
  }
  const messages = rows.reverse().map((r) => ({
    id: r.id,
    sender: r.sender,
    subject: r.subject,
    body: r.body,
    created_at: r.created_at,
    read: r.read_at !== null,
  }))
  return {
    id_application: ref.id,
    posting_title: ref.postingTitle,
    company_name: ref.companyName,
    driver_name: ref.driverName,
    messages,
    can_write: reader === 'company' || (reader === 'driver' && (await companyHasWritten(db, ref.id))),
  }
}

async function companyHasWritten(db: Kysely<Database>, applicationId: number) {
  const row = await db
    .selectFrom('application_messages')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('sender', '=', 'company')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** One more message of this sender, or 429: counted per company or per driver across their threads. */
export async function limitSender(p: Platform, sender: Sender, senderKey: number) {
  const limit = await p.limiter.hit(
    `thread-message:${sender}:${senderKey}`,
    HOURLY_LIMIT[sender] * p.config.RATE_LIMIT_FACTOR,
    60 * 60_000,
  )
  if (!limit.allowed) throw new ApiError(429, MESSAGES.tooMany)
}

/**
 * Writes a message and, in the same transaction, tells the other side: the driver on the channels
 * they chose (decision 98), or what `instead` writes (the spec's email call mails them the
 * message itself), the company by email. Each notice has the message's event key: written once.
 */
export async function writeMessage(
  p: Platform,
  ref: ThreadRef,
  m: {
    sender: Sender
    senderUserId: number
    body: string
    subject?: string | null
    /** Instead of the driver's notice: what the spec's email call enqueues, in the same transaction. */
    instead?: (trx: Transaction<Database>) => Promise<unknown>
  },
  now: Date,
): Promise<number> {
  const ts = now.toISOString()
  if (m.sender === 'driver' && !(await companyHasWritten(p.db, ref.id)))
    throw new ApiError(409, 'Podrás responder cuando la empresa te escriba.')
  const id = await inTransaction(p.db, async (trx) => {
    const row = await trx
      .insertInto('application_messages')
      .values({
        application_id: ref.id,
        sender: m.sender,
        sender_user_id: m.senderUserId,
        subject: m.subject ?? null,
        body: m.body,
        created_at: ts,
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Writing answers what came before: the writer has read the other side's messages.
    await trx
      .updateTable('application_messages')
      .set({ read_at: ts })
      .where('application_id', '=', ref.id)
      .where('sender', '=', otherSide(m.sender))
      .where('read_at', 'is', null)
      .execute()
    const key = `application-message:${row.id}`
    if (m.instead) {
      await m.instead(trx)
    } else if (m.sender === 'company') {
      const link = `${p.publicUrl}/user/dashboard/job-postings/postuladas?conversacion=${ref.id}`
      await notifyDriver(
        trx,
        ref.driverId,
        {
          key,
          mail: threadMessageToDriverMail(ref.driverEmail, {
            driverName: ref.driverFirstname,
            companyName: ref.companyName,
            postingTitle: ref.postingTitle,
            link,
          }),
          whatsapp: `Fleeters: Nuevo mensaje de ${ref.companyName} sobre «${ref.postingTitle}». ${link}`,
        },
        now,
      )
    } else if (m.sender === 'driver') {
      const link = `${p.publicUrl}/business/dashboard/publicaciones/${ref.postingId}?conversacion=${ref.id}`
      await enqueueEmail(
        trx,
        threadReplyToCompanyMail(ref.companyEmail, {
          companyName: ref.companyName,
          driverName: ref.driverName,
          postingTitle: ref.postingTitle,
          link,
        }),
        now,
        { eventKey: `${key}:email` },
      )
    }
    return row.id
  })
  p.wakeOutbox()
  return id
}

/** Unread messages from `from` per application, for the given applications (the unread index). */
export async function unreadByApplication(
  db: Kysely<Database>,
  applicationIds: number[],
  from: Sender,
): Promise<Map<number, number>> {
  if (!applicationIds.length) return new Map()
  const rows = await db
    .selectFrom('application_messages')
    .select(['application_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('application_id', 'in', applicationIds)
    .where('sender', '=', from)
    .where('read_at', 'is', null)
    .groupBy('application_id')
    .execute()
  return new Map(rows.map((r) => [r.application_id, Number(r.n)]))
}

/** The company's unread answers over all its postings (the panel's summary). */
export async function companyUnread(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('application_messages as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .innerJoin('job_postings as jp', 'jp.id', 'a.posting_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('jp.company_id', '=', companyId)
    .where('m.sender', '=', 'driver')
    .where('m.read_at', 'is', null)
    .where(visibleToCompanies('a.user_id'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The driver's threads (applications with at least one message) and the unread total. */
export async function driverThreads(db: Kysely<Database>, userId: number): Promise<DriverThreads> {
  const rows = await db
    .selectFrom('application_messages as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .select([
      'a.id as id_application',
      'a.posting_id as id_publication',
      (eb) => eb.fn.countAll<number | string>().as('messages'),
      (eb) =>
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(eb.and([eb('m.sender', '=', 'company'), eb('m.read_at', 'is', null)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('unread'),
    ])
    .where('a.user_id', '=', userId)
    .groupBy(['a.id', 'a.posting_id'])
    .execute()
  const threads = rows.map((r) => ({
    id_application: r.id_application,
    id_publication: r.id_publication,
    messages: Number(r.messages),
    unread: Number(r.unread ?? 0),
  }))
  return { unread_total: threads.reduce((n, t) => n + t.unread, 0), threads }
}

/** Only the driver's unread count (the navigation's badge on every driver page): the unread index alone. */
export async function driverUnread(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('application_messages as m')
    .innerJoin('applications as a', 'a.id', 'm.application_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('a.user_id', '=', userId)
    .where('m.sender', '=', 'company')
    .where('m.read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
