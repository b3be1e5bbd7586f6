import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The company's «nuevos» applicants. `applications.seen_at` is when the company first
 * had the application on its applicants screen (or changed its status); null means new. The
 * applications the company already acted on (status other than the initial 'nueva') count as
 * seen; the others stay new until the company opens them.
 */
export default function applicantsSeen(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('applications').addColumn('seen_at', 'text').execute()
      await db
        .updateTable('applications')
        .set((eb) => ({ seen_at: eb.ref('updated_at') }))
        .where('status', '<>', 'nueva')
        .execute()
    },
  }
}
