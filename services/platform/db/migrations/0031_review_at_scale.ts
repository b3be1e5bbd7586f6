import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The review console at 100,000 drivers (decision 99).
 *
 * - `review_days`: one row per closed Chile day of document decisions — how many, how many timed
 *   (the upload still on record), how many within REVIEW_HOURS, and every timed decision's working
 *   milliseconds from upload to decision, sorted, as little-endian float64s (`times`). Written once
 *   per day, by the first read of «Rendimiento» or the daily team summary that needs the day
 *   (services/users/admin/performance.ts); the page reads at most 30 of them instead of the audit log.
 * - `review_day_reviewers`: the same day's decisions per reviewer, written in the same transaction
 *   as its `review_days` row. The reviewer's id goes when the account goes, as in the audit log;
 *   the address kept beside it then names them.
 * - The review queue as three small indexes. `user_files.queued` is 1 on a record that is in the
 *   queue — PENDING, the latest of its driver's slot, a driver's — and null otherwise;
 *   `user_files.reupload` is 1 on a record that replaced an earlier one of its slot. Triggers keep
 *   them (an upload takes the slot's older record out of the queue; a decision takes the record
 *   out), so the queue's page and counts are ranges of partial indexes over the 20,000 queued rows
 *   of 2.2 million, with no probe per row: `user_files_queue_idx` (created_at, id) for the queue
 *   soonest due (oldest upload) first, `user_files_queue_slot_idx` (purpose_name, created_at, id)
 *   filtered by kind, `user_files_queue_origin_idx` (reupload, created_at, id) by first upload or
 *   re-upload. A driver's role never changes and their records go only with their account, so the
 *   flags stay what the queries they replace computed (services/users/admin/documents.ts).
 */
/** `reupload` and `queued` of every record, as the triggers keep them (also after a bulk load without them). */
export async function fillQueueFlags(db: Kysely<any>) {
  await sql`update user_files set reupload = 1 where exists (select 1 from user_files o
    where o.user_id = user_files.user_id and o.purpose_name = user_files.purpose_name
      and o.id < user_files.id)`.execute(db)
  await sql`update user_files set queued = 1 where file_status = 'PENDING'
    and not exists (select 1 from user_files n where n.user_id = user_files.user_id
      and n.purpose_name = user_files.purpose_name and n.id > user_files.id)
    and (select role from users where users.id = user_files.user_id) = 'User'`.execute(db)
}

export default function reviewAtScale(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('review_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('decisions', 'integer', (c) => c.notNull())
        .addColumn('timed', 'integer', (c) => c.notNull())
        .addColumn('within', 'integer', (c) => c.notNull())
        .addColumn('times', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('review_day_reviewers')
        .addColumn('day', 'text', (c) => c.notNull().references('review_days.day').onDelete('cascade'))
        .addColumn('admin_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('decisions', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('review_day_reviewers_day_idx')
        .on('review_day_reviewers')
        .columns(['day', 'admin_user_id'])
        .execute()
      await db.schema.alterTable('user_files').addColumn('queued', 'integer').execute()
      await db.schema
        .alterTable('user_files')
        .addColumn('reupload', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await fillQueueFlags(db)
      const partial = (name: string, columns: string) =>
        sql`create index ${sql.id(name)} on user_files (${sql.raw(columns)}) where queued = 1`.execute(db)
      await partial('user_files_queue_idx', 'created_at, id')
      await partial('user_files_queue_slot_idx', 'purpose_name, created_at, id')
      await partial('user_files_queue_origin_idx', 'reupload, created_at, id')
      if (dialect === 'postgres') {
        // Before the row is written: the slot's older records leave the queue (the driver's row
        // locked, so two uploads of one driver at once take turns), the new one's flags are set.
        await sql`create function user_files_queue_insert() returns trigger language plpgsql as $$
          begin
            perform 1 from users where id = new.user_id for update;
            update user_files set queued = null
              where user_id = new.user_id and purpose_name = new.purpose_name and queued = 1;
            new.reupload := case when exists (select 1 from user_files o
              where o.user_id = new.user_id and o.purpose_name = new.purpose_name) then 1 else 0 end;
            new.queued := case when new.file_status = 'PENDING'
              and (select role from users where id = new.user_id) = 'User' then 1 end;
            return new;
          end $$`.execute(db)
        await sql`create trigger user_files_queue_insert before insert on user_files
          for each row execute function user_files_queue_insert()`.execute(db)
        await sql`create function user_files_queue_status() returns trigger language plpgsql as $$
          begin
            new.queued := case when new.file_status = 'PENDING'
              and not exists (select 1 from user_files n where n.user_id = new.user_id
                and n.purpose_name = new.purpose_name and n.id > new.id)
              and (select role from users where id = new.user_id) = 'User' then 1 end;
            return new;
          end $$`.execute(db)
        await sql`create trigger user_files_queue_status before update of file_status on user_files
          for each row execute function user_files_queue_status()`.execute(db)
      } else {
        await sql`create trigger user_files_queue_insert after insert on user_files begin
          update user_files set queued = null
            where user_id = new.user_id and purpose_name = new.purpose_name and id < new.id and queued = 1;
          update user_files set
            reupload = exists (select 1 from user_files o
              where o.user_id = new.user_id and o.purpose_name = new.purpose_name and o.id < new.id),
            queued = case when new.file_status = 'PENDING'
              and (select role from users where id = new.user_id) = 'User' then 1 end
            where id = new.id;
        end`.execute(db)
        await sql`create trigger user_files_queue_status after update of file_status on user_files begin
          update user_files set queued = case when new.file_status = 'PENDING'
              and not exists (select 1 from user_files n where n.user_id = new.user_id
                and n.purpose_name = new.purpose_name and n.id > new.id)
              and (select role from users where id = new.user_id) = 'User' then 1 end
            where id = new.id;
        end`.execute(db)
      }
    },
  }
}
