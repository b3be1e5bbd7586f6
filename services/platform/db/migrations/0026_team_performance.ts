import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The console's «Rendimiento» and the team's daily summary mail (decision 92).
 *
 * - `admin_audit_log_action_created_idx` (action, created_at): the decisions of a period are one
 *   range of each decision action (document.approve, document.reject), not every console action
 *   of those days (services/users/admin/performance.ts).
 * - `team_summaries`: one row per Chile day whose summary was mailed, written in the same
 *   transaction as the mails; its key makes a second run of that day (another process, «Ejecutar
 *   ahora») send nothing.
 */
export default function teamPerformance(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('admin_audit_log_action_created_idx')
        .on('admin_audit_log')
        .columns(['action', 'created_at'])
        .execute()
      await db.schema
        .createTable('team_summaries')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('mails', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
    },
  }
}
