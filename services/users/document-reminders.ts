/**
 * Reminder mails 30 and 7 days before a document's expiry date and on the day, through
 * the outbox. `sendExpiryReminders(p, now)` is the whole job: the server runs it on an interval
 * (services/jobs.ts), a test or `scripts/expiry-reminders.ts` runs it with any clock.
 *
 * Only the latest record of a slot that is not rejected is reminded (a replaced document never
 * is). Each (record, kind) is written to document_reminders, unique, in the same transaction as
 * the mail: a reminder goes out once, even when two processes run the job at the same moment.
 * Only the most urgent reminder due is sent (a document uploaded 5 days before its date gets the
 * 7-day one, never a stale 30-day one); a driver gets at most one mail per run, listing every
 * document due, each with its own date (decision 54), and its WhatsApp variant when they chose
 * that channel (decision 98).
 */
import { addDays, dayInChile, daysBetween } from '#domain/format'
import {
  dueReminder,
  expiryView,
  EXPIRY_WARNING_DAYS,
  findDocumentSlot,
  type ExpiryReminderKind,
} from '#domain/reference-data/documents'
import { inTransaction } from '#services/platform/db/transaction'
import type { Platform } from '#services/platform/platform'
import { latestRecords } from '#services/shared/validated-drivers'
import { notifyExpiringDocuments } from './driver-notifications'

export interface ReminderRun {
  /** Drivers reminded: one message per channel they chose (decision 98). */
  mails: number
  /** Document records reminded (a mail may list several). */
  documents: number
}

export async function sendExpiryReminders(p: Platform, now: Date): Promise<ReminderRun> {
  const today = dayInChile(now)
  const rows = await latestRecords(p.db)
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id', 'f.user_id', 'f.purpose_name', 'f.expires_on', 'u.email', 'u.firstname'])
    .where('u.role', '=', 'User')
    // Reminders are not essential (the panel shows every expiry): not to who opposed (decision 76).
    .where('u.opted_out_at', 'is', null)
    .where('u.closed_at', 'is', null)
    .where('f.file_status', '!=', 'REJECTED')
    .where('f.expires_on', 'is not', null)
    .where('f.expires_on', '<=', addDays(today, EXPIRY_WARNING_DAYS))
    .orderBy('f.user_id')
    .orderBy('f.id')
    .execute()
  type Row = (typeof rows)[number]

  // Per driver: the documents due, each with its most urgent reminder, the nearest date first.
  const batches = new Map<
    number,
    { userId: number; email: string; firstname: string; docs: Array<Row & { kind: ExpiryReminderKind }> }
  >()
  for (const row of rows) {
    const kind = dueReminder(daysBetween(today, row.expires_on!))
    if (kind === null) continue
    const batch = batches.get(row.user_id) ?? {
      userId: row.user_id,
      email: row.email,
      firstname: row.firstname,
      docs: [],
    }
    batch.docs.push({ ...row, kind })
    batches.set(row.user_id, batch)
  }
  for (const batch of batches.values()) batch.docs.sort((a, b) => a.expires_on!.localeCompare(b.expires_on!))

  const run: ReminderRun = { mails: 0, documents: 0 }
  const link = `${p.publicUrl}/user/dashboard/home`
  const ts = now.toISOString()
  for (const batch of batches.values()) {
    const sent = await inTransaction(p.db, async (trx) => {
      const claimed: typeof batch.docs = []
      let firstReminder: number | null = null
      for (const doc of batch.docs) {
        const inserted = await trx
          .insertInto('document_reminders')
          .values({ user_file_id: doc.id, kind: doc.kind, expires_on: doc.expires_on!, created_at: ts })
          .onConflict((oc) => oc.columns(['user_file_id', 'kind']).doNothing())
          .returning('id')
          .executeTakeFirst()
        if (inserted) {
          claimed.push(doc)
          firstReminder ??= inserted.id
        }
      }
      if (!claimed.length) return 0
      const documents = claimed.map((d) => {
        const view = expiryView(d.expires_on, today)!
        return {
          kind: d.kind,
          title: findDocumentSlot(d.purpose_name)?.title ?? d.purpose_name,
          dateText: view.date_text,
          dueText: view.due_text ?? view.date_text,
        }
      })
      // The outbox runs on the process's clock: a message of a run under an injected clock is due at once.
      const driver = { userId: batch.userId, firstname: batch.firstname, email: batch.email }
      await notifyExpiringDocuments(trx, { ...driver, reminderId: firstReminder!, documents, link }, p.now())
      return claimed.length
    })
    if (sent) {
      run.mails++
      run.documents += sent
    }
  }
  if (run.mails) p.wakeOutbox()
  return run
}

/** The run's line for the logs (null: nothing sent); the scheduler runs the job hourly (services/jobs.ts). */
export function describeReminderRun(r: ReminderRun): string | null {
  return r.mails ? `${r.mails} mails about ${r.documents} documents` : null
}
