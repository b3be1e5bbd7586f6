import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Migration, MigrationProvider } from 'kysely'
import { pausePoint } from '#services/platform/pause-point'
import type { Dialect, MigrationContext } from './migrations/helpers'

export type { Dialect, MigrationContext } from './migrations/helpers'

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * One list of migrations for both engines: every `NNNN_name.ts` file in ./migrations, in name
 * order, default-exporting `(dialect) => Migration`. Append only: a released migration never
 * changes.
 */
export async function migrations(dialect: Dialect, context: MigrationContext = {}): Promise<Record<string, Migration>> {
  const files = fs
    .readdirSync(DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.(ts|js)$/.test(f))
    .sort()
  const out: Record<string, Migration> = {}
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(DIR, file)).href)) as {
      default: (d: Dialect, context: MigrationContext) => Migration
    }
    const name = file.replace(/\.(ts|js)$/, '')
    const migration = mod.default(dialect, context)
    out[name] = {
      ...migration,
      // The crash tests kill the process here: the migration's changes made, its record and the
      // commit not yet.
      up: async (db) => {
        await migration.up(db)
        await pausePoint(`migration:${name}`)
      },
    }
  }
  return out
}

export function migrationProvider(dialect: Dialect, context: MigrationContext = {}): MigrationProvider {
  return { getMigrations: () => migrations(dialect, context) }
}
