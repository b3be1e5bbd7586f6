/**
 * Deleting an account (Ley 21.719, supresión; decision 76): the request's effects, the cancel by
 * login, the inactive accounts' warning, and the job that erases what the grace period let wait.
 *
 * `runAccountClosure(p, now)` is the whole job (the server runs it on an interval, a test or an
 * e2e script with any clock): warn accounts inactive for INACTIVITY_DAYS, schedule the ones
 * warned INACTIVITY_NOTICE_DAYS ago, erase each account whose deletion is due (one transaction
 * per account), then remove the erased accounts' stored files and purge the sent farewell mails.
 */
import { sql, type Transaction } from 'kysely'
import {
  CLOSED_ACCOUNT_NAME,
  closedAccountEmail,
  DELETION_GRACE_DAYS,
  INACTIVITY_DAYS,
  INACTIVITY_NOTICE_DAYS,
} from '#domain/account-closure'
import { formatRut } from '#domain/format'
import { sessionsChanged } from '#services/platform/auth'
import type { Database, User } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { queueFileRemovals, removeQueuedFiles } from '#services/platform/file-removals'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { LOGO_URL_PREFIX } from '#services/shared/logo'
import { answerRequest, openRequest } from '#services/shared/privacy-requests'
import {
  ACCOUNT_DELETED_SUBJECT,
  accountDeletedMail,
  deletionCancelledMail,
  deletionRequestedMail,
  inactivityWarningMail,
} from './account-closure-mails'

const DAY_MS = 24 * 60 * 60 * 1000
/** What a closed account's password hash is: no scheme verifyPassword accepts. */
export const CLOSED_PASSWORD_HASH = 'closed'

type Trx = Transaction<Database>

/**
 * Puts an account on its way out, in the caller's transaction: a pending `deletion` request,
 * `deletion_due_at`, every session ended, a company's open postings closed (hidden from drivers;
 * a driver's applications are hidden by the companies' queries), and the mail saying how to cancel.
 */
export async function scheduleDeletion(
  trx: Trx,
  p: Platform,
  user: Pick<User, 'id' | 'role' | 'email' | 'firstname'>,
  now: Date,
  opts: { dueAt: Date; detail?: string; mail: boolean },
): Promise<void> {
  const ts = now.toISOString()
  await openRequest(trx, { userId: user.id, kind: 'deletion', now, detail: opts.detail ?? null })
  await trx
    .updateTable('users')
    .set({ deletion_due_at: opts.dueAt.toISOString(), updated_at: ts })
    .where('id', '=', user.id)
    .execute()
  await trx
    .updateTable('sessions')
    .set({ revoked_at: ts })
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .execute()
  sessionsChanged(p)
  if (user.role === 'business') {
    // Stamped with the request's instant: a cancel reopens exactly these (the company cannot touch
    // its postings meanwhile: it is signed out, and signing in cancels).
    const companies = trx.selectFrom('companies').select('id').where('user_id', '=', user.id)
    await trx
      .updateTable('job_postings')
      .set({ status: 'closed', updated_at: ts })
      .where('company_id', 'in', companies)
      .where('status', '=', 'open')
      .execute()
  }
  if (opts.mail)
    await enqueueEmail(
      trx,
      deletionRequestedMail(user.email, user.firstname, opts.dueAt, `${p.publicUrl}/login`),
      p.now(),
    )
}

export const deletionDueFrom = (now: Date) => new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS)

/**
 * Every login: records it (the inactivity period counts from it) and cancels a deletion waiting
 * out its grace period. True when it cancelled one (the login then says so).
 */
export async function recordLogin(p: Platform, user: User): Promise<boolean> {
  const now = p.now()
  const ts = now.toISOString()
  const cancelled = await inTransaction(p.db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ last_login_at: ts, inactivity_warned_at: null })
      .where('id', '=', user.id)
      .execute()
    if (!user.deletion_due_at) return false
    const cleared = await trx
      .updateTable('users')
      .set({ deletion_due_at: null, updated_at: ts })
      .where('id', '=', user.id)
      .where('deletion_due_at', 'is not', null)
      .where('closed_at', 'is', null)
      .executeTakeFirst()
    if (Number(cleared.numUpdatedRows) !== 1) return false
    const pending = await trx
      .selectFrom('privacy_requests')
      .select(['id', 'requested_at'])
      .where('user_id', '=', user.id)
      .where('kind', '=', 'deletion')
      .where('status', '=', 'pending')
      .execute()
    for (const request of pending) {
      await answerRequest(trx, request.id, 'cancelled', now, 'Cancelada al iniciar sesión.')
      if (user.role === 'business') {
        const companies = trx.selectFrom('companies').select('id').where('user_id', '=', user.id)
        await trx
          .updateTable('job_postings')
          .set({ status: 'open', updated_at: ts })
          .where('company_id', 'in', companies)
          .where('status', '=', 'closed')
          .where('updated_at', '=', request.requested_at)
          .execute()
      }
    }
    await enqueueEmail(trx, deletionCancelledMail(user.email, user.firstname), now)
    return true
  })
  if (cancelled) p.wakeOutbox()
  return cancelled
}

export interface ClosureRun {
  warned: number
  scheduled: number
  erased: number
  filesRemoved: number
  filesFailed: number
}

/** `a like %text%` with the pattern's own wildcards escaped. */
function contains(column: string, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`
}

/**
 * Erases one account in one transaction; false when it is no longer due (a login cancelled it
 * meanwhile, or another process erased it). Its stored files are listed in pending_file_removals
 * in the same transaction and removed after the commit.
 */
export async function eraseAccount(p: Platform, userId: number, now: Date): Promise<boolean> {
  const ts = now.toISOString()
  return inTransaction(p.db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .where('deletion_due_at', '<=', ts)
      .where('closed_at', 'is', null)
      .where('role', 'in', ['User', 'business'])
      .executeTakeFirst()
    if (!user) return false
    // Claim the row first: a second process erasing it at once finds nothing due.
    const claimed = await trx
      .updateTable('users')
      .set({ closed_at: ts })
      .where('id', '=', user.id)
      .where('closed_at', 'is', null)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return false

    const companies = await trx
      .selectFrom('companies')
      .select(['id', 'email', 'phone', 'logo_url', 'contact_name'])
      .where('user_id', '=', user.id)
      .execute()
    const powers = await trx
      .selectFrom('simple_powers')
      .select(['id_front_key', 'id_back_key', 'phone_owner', 'email_owner'])
      .where('user_id', '=', user.id)
      .execute()
    const files = await trx.selectFrom('user_files').select('storage_key').where('user_id', '=', user.id).execute()
    const images = await trx.selectFrom('profile_images').select('storage_key').where('user_id', '=', user.id).execute()
    const exports = await trx
      .selectFrom('privacy_requests')
      .select('file_key')
      .where('user_id', '=', user.id)
      .where('file_key', 'is not', null)
      .execute()
    const keys = new Set<string>([
      ...files.map((f) => f.storage_key),
      ...images.map((i) => i.storage_key),
      ...powers.flatMap((w) => [w.id_front_key, w.id_back_key]),
      ...exports.map((e) => e.file_key!),
      ...companies
        .filter((c) => c.logo_url?.startsWith(LOGO_URL_PREFIX))
        .map((c) => `logos/${c.logo_url!.slice(LOGO_URL_PREFIX.length)}`),
    ])

    // The outbox: every message to, from or about the person goes (sent or not), then the farewell.
    const addresses = [user.email, ...companies.map((c) => c.email)]
    const phones = [user.phone, ...companies.map((c) => c.phone), ...powers.map((w) => w.phone_owner)].filter(
      (x): x is string => !!x,
    )
    const digits = phones.map((ph) => ph.replace(/\D/g, '')).filter((d) => d.length >= 8)
    const names = [`${user.firstname} ${user.lastname}`.trim(), ...companies.map((c) => c.contact_name)].filter(
      (n) => n.length >= 5,
    )
    // The RUT is stored encrypted (decision 80); messages carry it as written or formatted.
    const rut = user.rut ? p.columns.open('rut', user.rut) : null
    const mentions = [...addresses, ...names, ...digits, ...(rut ? [...new Set([rut, formatRut(rut)])] : [])]
    await trx
      .deleteFrom('outbox')
      .where((eb) =>
        eb.or([
          eb('recipient', 'in', [...addresses, ...digits]),
          eb('reply_to', 'in', addresses),
          ...mentions.flatMap((m) => [contains('body_text', m), contains('subject', m)]),
        ]),
      )
      .execute()
    await enqueueEmail(trx, accountDeletedMail(user.email, user.firstname), p.now())

    // What the person wrote through the public forms with the account's address.
    for (const table of ['contact_messages', 'business_contacts', 'fleet_requests', 'inquiries'] as const) {
      await trx.deleteFrom(table).where('email', 'in', addresses).execute()
    }

    // Rows of the account (most would go by cascade; named here so the order is explicit).
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute()
    sessionsChanged(p)
    await trx.deleteFrom('totp_factors').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('email_verifications').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('simple_powers').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('simple_power_links').where('user_id', '=', user.id).execute()
    const fileIds = trx.selectFrom('user_files').select('id').where('user_id', '=', user.id)
    await trx.deleteFrom('document_reminders').where('user_file_id', 'in', fileIds).execute()
    await trx.deleteFrom('user_files').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('work_experience').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('bank_details').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('profile_images').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('applications').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('saved_postings').where('user_id', '=', user.id).execute()
    await trx.deleteFrom('posting_invitations').where('user_id', '=', user.id).execute()
    // Who saw this person's data goes with it; what this account saw of others stays in their
    // records without naming it (decision 78).
    await trx.deleteFrom('data_views').where('subject_user_id', '=', user.id).execute()
    await trx.updateTable('data_views').set({ viewer_user_id: null }).where('viewer_user_id', '=', user.id).execute()
    // A company's postings go with their applications and saves: their text is the company's own
    // words (it may name people), and a deleted company cannot answer an applicant.
    if (companies.length) {
      const postingIds = trx
        .selectFrom('job_postings')
        .select('id')
        .where(
          'company_id',
          'in',
          companies.map((c) => c.id),
        )
      await trx.deleteFrom('applications').where('posting_id', 'in', postingIds).execute()
      await trx.deleteFrom('saved_postings').where('posting_id', 'in', postingIds).execute()
      await trx.deleteFrom('posting_invitations').where('posting_id', 'in', postingIds).execute()
      await trx
        .deleteFrom('job_postings')
        .where(
          'company_id',
          'in',
          companies.map((c) => c.id),
        )
        .execute()
      await trx
        .updateTable('data_views')
        .set({ company_id: null })
        .where(
          'company_id',
          'in',
          companies.map((c) => c.id),
        )
        .execute()
      await trx.deleteFrom('companies').where('user_id', '=', user.id).execute()
      // SQLite's full-text index keeps a deleted row's words in its older segments until they are
      // merged: merge them now, or the postings' text would outlive them (PostgreSQL's index has
      // no such copy).
      if (p.dialect === 'sqlite')
        await sql`insert into job_postings_fts(job_postings_fts) values ('optimize')`.execute(trx)
    }

    // Kept as evidence, without what identifies the person beyond the account's number.
    await trx.updateTable('consents').set({ ip: null }).where('user_id', '=', user.id).execute()
    await trx
      .updateTable('privacy_requests')
      .set({ file_key: null, file_expires_at: null })
      .where('user_id', '=', user.id)
      .execute()
    // A rectification's detail is the person's own words about their data.
    await trx
      .updateTable('privacy_requests')
      .set({ detail: null })
      .where('user_id', '=', user.id)
      .where('kind', '=', 'rectification')
      .execute()
    const pending = await trx
      .selectFrom('privacy_requests')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'deletion')
      .where('status', '=', 'pending')
      .execute()
    for (const request of pending) await answerRequest(trx, request.id, 'done', now, 'Cuenta eliminada.')

    await trx
      .updateTable('users')
      .set({
        email: closedAccountEmail(user.id),
        password_hash: CLOSED_PASSWORD_HASH,
        firstname: CLOSED_ACCOUNT_NAME,
        lastname: '',
        rut: null,
        rut_hmac: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        id_vehicle: null,
        id_commune: null,
        email_verified: 0,
        paused_at: null,
        opted_out_at: null,
        deletion_due_at: null,
        last_login_at: null,
        inactivity_warned_at: null,
        invitations_opt_in_at: null,
        updated_at: ts,
      })
      .where('id', '=', user.id)
      .execute()

    await queueFileRemovals(trx, [...keys], ts)
    return true
  })
}

export async function runAccountClosure(p: Platform, now: Date): Promise<ClosureRun> {
  const run: ClosureRun = { warned: 0, scheduled: 0, erased: 0, filesRemoved: 0, filesFailed: 0 }
  const ts = now.toISOString()
  const idleSince = new Date(now.getTime() - INACTIVITY_DAYS * DAY_MS).toISOString()
  const open = () =>
    p.db
      .selectFrom('users')
      .where('role', 'in', ['User', 'business'])
      .where('closed_at', 'is', null)
      .where('deletion_due_at', 'is', null)

  // 1. Inactive for INACTIVITY_DAYS: warned once (a login clears the warning).
  const idle = await open()
    .select(['id', 'email', 'firstname'])
    .where('inactivity_warned_at', 'is', null)
    .where((eb) => eb(eb.fn.coalesce('last_login_at', 'created_at'), '<=', idleSince))
    .execute()
  const deleteOn = new Date(now.getTime() + INACTIVITY_NOTICE_DAYS * DAY_MS)
  for (const user of idle) {
    const warned = await inTransaction(p.db, async (trx) => {
      const res = await trx
        .updateTable('users')
        .set({ inactivity_warned_at: ts })
        .where('id', '=', user.id)
        .where('inactivity_warned_at', 'is', null)
        .executeTakeFirst()
      if (Number(res.numUpdatedRows) !== 1) return false
      await enqueueEmail(
        trx,
        inactivityWarningMail(user.email, user.firstname, deleteOn, `${p.publicUrl}/login`),
        p.now(),
      )
      return true
    })
    if (warned) run.warned++
  }

  // 2. Warned INACTIVITY_NOTICE_DAYS ago and still no login: the deletion path, due at once.
  const noticeEnded = new Date(now.getTime() - INACTIVITY_NOTICE_DAYS * DAY_MS).toISOString()
  const expired = await open()
    .select(['id', 'role', 'email', 'firstname'])
    .where('inactivity_warned_at', '<=', noticeEnded)
    .execute()
  for (const user of expired) {
    await inTransaction(p.db, (trx) =>
      scheduleDeletion(trx, p, user, now, { dueAt: now, detail: 'Cuenta inactiva.', mail: false }),
    )
    run.scheduled++
  }

  // 3. Due: erased, one transaction each.
  const due = await p.db
    .selectFrom('users')
    .select('id')
    .where('deletion_due_at', '<=', ts)
    .where('closed_at', 'is', null)
    .orderBy('id')
    .execute()
  for (const { id } of due) if (await eraseAccount(p, id, now)) run.erased++

  // 4. Their files, after the commits; then the farewells already sent.
  const files = await removeQueuedFiles(p, 1000)
  run.filesRemoved = files.files
  run.filesFailed = files.filesLeft
  await p.db
    .deleteFrom('outbox')
    .where('subject', '=', ACCOUNT_DELETED_SUBJECT)
    .where('status', '!=', 'pending')
    .execute()
  if (run.warned || run.erased) p.wakeOutbox()
  return run
}

/** The run's line for the logs (null: nothing done); the scheduler runs the job hourly (services/jobs.ts). */
export function describeClosureRun(r: ClosureRun): string | null {
  if (!(r.warned || r.scheduled || r.erased || r.filesFailed)) return null
  const files = `${r.filesRemoved} files removed, ${r.filesFailed} failed`
  return `${r.warned} warned, ${r.scheduled} scheduled, ${r.erased} erased, ${files}`
}
