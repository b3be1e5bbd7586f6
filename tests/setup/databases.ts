import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrateToLatest, openDatabase } from '#services/platform/db/connect'
import { pgAdmin, pgUrlFor, TEMPLATE_ENV, testName } from '#services/testing/database'

/**
 * The run's migrated templates, made once: every service test's database starts as a copy of
 * one (services/testing/database.ts). Their names reach the test files through the environment;
 * both are removed when the run ends.
 */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-template-'))
  const file = path.join(dir, 'fleeters.db')
  const sqlite = openDatabase({ sqlitePath: file })
  await migrateToLatest(sqlite)
  // Closing the last connection checkpoints the write-ahead log into the file: the copy is whole.
  await sqlite.destroy()
  process.env[TEMPLATE_ENV.sqlite] = file

  let database: string | undefined
  if (process.env.TEST_DATABASE_URL) {
    database = testName('tpl')
    await pgAdmin((c) => c.query(`CREATE DATABASE ${database}`))
    const handle = openDatabase({ url: pgUrlFor(database), poolSize: 1 })
    await migrateToLatest(handle)
    await handle.destroy()
    // Nobody connects to a template: CREATE DATABASE … TEMPLATE refuses one in use.
    await pgAdmin((c) => c.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`))
    process.env[TEMPLATE_ENV.postgres] = database
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true })
    if (database) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`))
  }
}
