/**
 * npx tsx scripts/expiry-reminders.ts [--now 2027-02-10T12:00:00Z]
 *
 * Runs the documents' expiry reminder job once against the configured database
 * (DATA_DIR or DATABASE_URL, as the server), as if the clock read `--now` (default: now). The
 * mails go to the outbox, which the running server delivers. Each reminder is sent once: running
 * it again, or while the server runs its own hourly job, sends nothing more.
 */
import { sendExpiryReminders } from '#services/users/document-reminders'
import { jobArgs, withPlatform, withRetries } from './one-off'

const { now } = jobArgs('Uso: npx tsx scripts/expiry-reminders.ts [--now 2027-02-10T12:00:00Z]')
await withPlatform(async (platform) => {
  const run = await withRetries(() => sendExpiryReminders(platform, now))
  console.log(
    `Recordatorios de vencimiento: ${run.mails} correos sobre ${run.documents} documentos (${now.toISOString()}).`,
  )
})
