/**
 * Conversations per application (decision 105): one thread between the company that published the
 * posting and the driver who applied, read by both and by the console. The business service writes
 * and reads the company's side, the users service the driver's and the console's; both go through
 * here, so the access rule, the read markers and the notifications are one piece of code.
 *
 * Text only: bodies are stored as typed and every screen renders them as text (React escapes
 * them), never as HTML; the mails say who wrote and link to the thread, never carry the text.
 */
import { sql, type Kysely, type Transaction } from 'kysely'
import type { DriverThreads, Thread } from '#domain/contract/messages'
import { bulkOverLimit } from '#domain/validation/application-messages'
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
const HOUR = 60 * 60_000

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

function refQuery(db: Kysely<Database>) {
  return db
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
}

type RefRow = Awaited<ReturnType<ReturnType<typeof refQuery>['executeTakeFirstOrThrow']>>

function toRef(row: RefRow): ThreadRef {
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
  let q = refQuery(db).where('a.id', '=', id)
  if (who !== 'console') {
    q =
      'company' in who
        ? q.where('jp.company_id', '=', who.company).where(visibleToCompanies('a.user_id'))
        : q.where('a.user_id', '=', who.driver)
  }
  const row = await q.executeTakeFirst()
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  return toRef(row)
}

/**
 * The threads of several applications of one of the company's postings (a bulk message), in the
 * order asked. One that is not that posting's, or whose driver is out of the companies' sight,
 * makes the whole answer 404: a bulk message reaches all of them or none.
 */
export async function postingThreadRefs(
  db: Kysely<Database>,
  postingId: number,
  companyId: number,
  ids: readonly number[],
): Promise<ThreadRef[]> {
  const wanted = [...new Set(ids)]
  const rows = await refQuery(db)
    .where('a.id', 'in', wanted)
    .where('a.posting_id', '=', postingId)
    .where('jp.company_id', '=', companyId)
    .where(visibleToCompanies('a.user_id'))
    .execute()
  if (rows.length !== wanted.length) throw new ApiError(404, MESSAGES.notFound)
  const byId = new Map(rows.map((r) => [r.id, toRef(r)]))
  return wanted.map((id) => byId.get(id)!)
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

const hourlyKey = (sender: Sender, senderKey: number) => `thread-message:${sender}:${senderKey}`

/** One more message of this sender, or 429: counted per company or per driver across their threads. */
export async function limitSender(p: Platform, sender: Sender, senderKey: number) {
  const limit = await p.limiter.hit(
    hourlyKey(sender, senderKey),
    HOURLY_LIMIT[sender] * p.config.RATE_LIMIT_FACTOR,
    HOUR,
  )
  if (!limit.allowed) throw new ApiError(429, MESSAGES.tooMany)
}

/**
 * A bulk message counts one message per recipient against the company's hourly budget: each
 * recipient gets a message and a notice, and a bulk send must not be a way around the limit.
 * When the whole send does not fit in what is left of the hour, nothing is counted and nothing
 * is written (429 with what is left); two sends racing past the check are caught by the hits.
 */
export async function limitCompanyBulk(p: Platform, companyId: number, recipients: number) {
  const key = hourlyKey('company', companyId)
  const limit = HOURLY_LIMIT.company * p.config.RATE_LIMIT_FACTOR
  const left = Math.max(0, limit - (await p.limiter.peek(key)))
  if (recipients > left) throw new ApiError(429, left ? bulkOverLimit(left) : MESSAGES.tooMany)
  const hits = await Promise.all(Array.from({ length: recipients }, () => p.limiter.hit(key, limit, HOUR)))
  if (hits.some((h) => !h.allowed)) throw new ApiError(429, MESSAGES.tooMany)
}

interface NewMessage {
  sender: Sender
  senderUserId: number
  body: string
  subject?: string | null
  /** Instead of the driver's notice: what the spec's email call enqueues, in the same transaction. */
  instead?: (trx: Transaction<Database>) => Promise<unknown>
}

/**
 * Writes a message and, in the same transaction, tells the other side: the driver on the channels
 * they chose (decision 98), or what `instead` writes (the spec's email call mails them the
 * message itself), the company by email. Each notice has the message's event key: written once.
 */
export async function writeMessage(p: Platform, ref: ThreadRef, m: NewMessage, now: Date): Promise<number> {
  if (m.sender === 'driver' && !(await companyHasWritten(p.db, ref.id)))
    throw new ApiError(409, 'Podrás responder cuando la empresa te escriba.')
  // Writing in a thread answers what came before: the writer has read the other side's messages.
  const id = await inTransaction(p.db, (trx) => insertMessage(p, trx, ref, m, { marksRead: true }, now))
  p.wakeOutbox()
  return id
}

/**
 * One company message into each of `refs`' threads, in one transaction: every thread gets it, with
 * its driver's notice, or none does. Unlike a message written in an open thread, it marks none of
 * the drivers' answers read: the company has not opened those threads, and an answer it has not
 * seen must keep its count.
 */
export async function writeCompanyMessages(
  p: Platform,
  refs: readonly ThreadRef[],
  m: { senderUserId: number; body: string },
  now: Date,
): Promise<number[]> {
  const ids = await inTransaction(p.db, async (trx) => {
    const written: number[] = []
    for (const ref of refs)
      written.push(await insertMessage(p, trx, ref, { ...m, sender: 'company' }, { marksRead: false }, now))
    return written
  })
  p.wakeOutbox()
  return ids
}

async function insertMessage(
  p: Platform,
  trx: Transaction<Database>,
  ref: ThreadRef,
  m: NewMessage,
  opts: { marksRead: boolean },
  now: Date,
): Promise<number> {
  const ts = now.toISOString()
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
  if (opts.marksRead) {
    await trx
      .updateTable('application_messages')
      .set({ read_at: ts })
      .where('application_id', '=', ref.id)
      .where('sender', '=', otherSide(m.sender))
      .where('read_at', 'is', null)
      .execute()
  }
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
  } else {
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

/**
 * Only the driver's unread count (the navigation's badge on every driver page): the sum of their
 * applications' driver_unread, kept by triggers (decision 110), read from the index over the
 * applications with unread messages alone.
 */
export async function driverUnread(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.sum<number | string | null>('driver_unread').as('n'))
    .where('user_id', '=', userId)
    // A literal, not a parameter: the planner then knows the partial index holds every row asked for.
    .where(sql<boolean>`driver_unread > 0`)
    .executeTakeFirstOrThrow()
  return Number(row.n ?? 0)
}
