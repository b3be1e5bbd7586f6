/**
 * npm run retention -- [--dry-run] [--now 2027-02-10T12:00:00Z]
 *
 * Runs the retention job once (decision 79) against the configured database and
 * file store (DATA_DIR or DATABASE_URL and S3, as the server), as if the clock read `--now`
 * (default: now): removes what the periods of domain/privacy.ts say is due, a batch per rule. With
 * `--dry-run` it prints what would go, per rule, and changes nothing. Running it while the server
 * runs its own hourly job is safe: each row and file goes once.
 */
import { RETENTION_RULE_IDS } from '#domain/privacy'
import { runRetention } from '#services/shared/retention'
import { jobArgs, withPlatform, withRetries } from './one-off'

const { now, flags } = jobArgs('Uso: npm run retention -- [--dry-run] [--now 2027-02-10T12:00:00Z]', ['dry-run'])
const dryRun = flags['dry-run']
await withPlatform(async (platform) => {
  const run = await withRetries(() => runRetention(platform, now, { dryRun }))
  console.log(`${dryRun ? 'Retención, simulación (no se borra nada)' : 'Retención'} al ${now.toISOString()}:`)
  for (const id of RETENTION_RULE_IDS) console.log(`  ${id}: ${run.removed[id]}${dryRun ? ' por borrar' : ' borrados'}`)
  const left = run.filesLeft ? ` (${run.filesLeft} pendientes)` : ''
  console.log(`  archivos: ${run.files}${dryRun ? ' por borrar' : ' borrados'}${left}`)
})
