/**
 * `npm run migrate`: applies the pending migrations to DATABASE_URL (or the embedded SQLite file
 * under DATA_DIR) and exits. Run once per deploy, before starting processes with
 * MIGRATE_ON_START=false.
 */
import path from 'node:path'
import { columnCipher } from '#services/platform/column-crypto'
import { loadConfig } from '#services/platform/config'
import { MigrationError, migrateToLatest, openDatabase } from '#services/platform/db/connect'
import { configuredKeyring } from '#services/platform/platform'
import { exitOnUnsupportedNode, keepDataPrivate } from '#services/platform/runtime'

exitOnUnsupportedNode()
const config = loadConfig()
keepDataPrivate(config.dataDir)
const handle = openDatabase({ url: config.DATABASE_URL, sqlitePath: path.join(config.dataDir, 'fleeters.db') })
try {
  // 0024 encrypts the RUTs and account numbers already there: it needs the data key.
  await migrateToLatest(handle, { columns: columnCipher(configuredKeyring(config)) })
  console.log(`Migraciones aplicadas (${config.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}).`)
} catch (error) {
  if (!(error instanceof MigrationError)) throw error
  console.error(error.message)
  process.exitCode = 1
} finally {
  await handle.destroy()
}
