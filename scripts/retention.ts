/**
 * npm run retention -- [--dry-run] [--now 2027-02-10T12:00:00Z]
 *
 * Runs the retention job once (issue 28 item 3, decision 79) against the configured database and
 * file store (DATA_DIR or DATABASE_URL and S3, as the server), as if the clock read `--now`
 * (default: now): removes what the periods of domain/privacy.ts say is due, a batch per rule. With
 * `--dry-run` it prints what would go, per rule, and changes nothing. Running it while the server
 * runs its own hourly job is safe: each row and file goes once.
 */
import { parseArgs } from 'node:util'
import { RETENTION_RULE_IDS } from '#domain/privacy'
import { loadConfig } from '#services/platform/config'
import { createPlatform } from '#services/platform/platform'
import { memoryRateLimiter } from '#services/platform/rate-limit'
import { keepDataPrivate } from '#services/platform/runtime'
import { runRetention } from '#services/shared/retention'

const USAGE = 'Uso: npm run retention -- [--dry-run] [--now 2027-02-10T12:00:00Z]'
let values: { now?: string; 'dry-run'?: boolean }
try {
  values = parseArgs({ options: { now: { type: 'string' }, 'dry-run': { type: 'boolean' } }, strict: true }).values
} catch {
  console.error(USAGE)
  process.exit(2)
}
const now = values.now ? new Date(values.now) : new Date()
if (Number.isNaN(now.getTime())) {
  console.error(USAGE)
  process.exit(2)
}
const dryRun = values['dry-run'] ?? false

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
  const run = await withRetries(() => runRetention(platform, now, { dryRun }))
  console.log(`${dryRun ? 'Retención, simulación (no se borra nada)' : 'Retención'} al ${now.toISOString()}:`)
  for (const id of RETENTION_RULE_IDS) console.log(`  ${id}: ${run.removed[id]}${dryRun ? ' por borrar' : ' borrados'}`)
  console.log(`  archivos: ${run.files}${dryRun ? ' por borrar' : ' borrados'}${run.filesLeft ? ` (${run.filesLeft} pendientes)` : ''}`)
} finally {
  await platform.close()
}
