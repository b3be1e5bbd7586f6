/**
 * `npm run migrate`: applies the pending migrations to DATABASE_URL (or the embedded SQLite file
 * under DATA_DIR) and exits. Run once per deploy, before starting processes with
 * MIGRATE_ON_START=false.
 */
import path from 'node:path'
import { loadConfig } from '#services/platform/config'
import { migrateToLatest, openDatabase } from '#services/platform/db/connect'

const config = loadConfig()
const handle = openDatabase({ url: config.DATABASE_URL, sqlitePath: path.join(config.dataDir, 'fleeters.db') })
try {
  await migrateToLatest(handle)
  console.log(`Migraciones aplicadas (${config.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}).`)
} finally {
  await handle.destroy()
}
