import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * Photo checks (decision 101). `user_files.photo_flags`: what the service measured on an uploaded
 * photo (domain/photo-quality.ts), as a comma-separated list of flags ('blurred,glare'); '' when
 * it found nothing, null when nothing was measured (a PDF, or a row from before the checks).
 */
export default function photoQualityFlags(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('user_files').addColumn('photo_flags', 'text').execute()
    },
  }
}
