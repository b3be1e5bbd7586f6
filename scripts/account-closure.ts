/**
 * npx tsx scripts/account-closure.ts [--now 2027-02-10T12:00:00Z]
 *
 * Runs the account closure job once (decision 76) against the configured database (DATA_DIR or
 * DATABASE_URL, as the server), as if the clock read `--now` (default: now): inactive accounts
 * warned or scheduled, accounts whose deletion is due erased, their files removed. The mails go
 * to the outbox, which the running server delivers. The e2e suite runs it to complete a deletion
 * without waiting 14 days; it is the same job the server runs every hour, with the operator's
 * clock, and it can only do what the job does.
 */
import { runAccountClosure } from '#services/users/account-closure'
import { jobArgs, withPlatform, withRetries } from './one-off'

const { now } = jobArgs('Uso: npx tsx scripts/account-closure.ts [--now 2027-02-10T12:00:00Z]')
await withPlatform(async (platform) => {
  const run = await withRetries(() => runAccountClosure(platform, now))
  console.log(
    `Cuentas: ${run.warned} avisadas por inactividad, ${run.scheduled} programadas, ${run.erased} eliminadas; ` +
      `${run.filesRemoved} archivos borrados, ${run.filesFailed} por reintentar (${now.toISOString()}).`,
  )
})
