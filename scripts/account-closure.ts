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
import { parseArgs } from 'node:util'
import { loadConfig } from '#services/platform/config'
import { createPlatform } from '#services/platform/platform'
import { memoryRateLimiter } from '#services/platform/rate-limit'
import { keepDataPrivate } from '#services/platform/runtime'
import { runAccountClosure } from '#services/users/account-closure'

const { values } = parseArgs({ options: { now: { type: 'string' } }, strict: true })
const now = values.now ? new Date(values.now) : new Date()
if (Number.isNaN(now.getTime())) {
  console.error('Uso: npx tsx scripts/account-closure.ts [--now 2027-02-10T12:00:00Z]')
  process.exit(2)
}

/** SQLite: a write racing the server's may fail at once with SQLITE_BUSY; try again a few times. */
async function withRetries<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run()
    } catch (err) {
      const code = (err as { code?: unknown }).code
      if (i >= attempts || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw err
      await new Promise((r) => setTimeout(r, 100 * i))
    }
  }
}

const config = loadConfig(process.env)
keepDataPrivate(config.dataDir)
const platform = await withRetries(() => createPlatform(config, { limiter: memoryRateLimiter() }))
try {
  const run = await withRetries(() => runAccountClosure(platform, now))
  console.log(
    `Cuentas: ${run.warned} avisadas por inactividad, ${run.scheduled} programadas, ${run.erased} eliminadas; ` +
      `${run.filesRemoved} archivos borrados, ${run.filesFailed} por reintentar (${now.toISOString()}).`,
  )
} finally {
  await platform.close()
}
