import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The retention job (services/shared/retention.ts, decision 79): what it needs to find what is due
 * without reading whole tables, and to remove files without ever leaving a row that points to a
 * missing one.
 *
 * - `user_files.retired_at`: when the record stopped counting: the time a newer upload of the same
 *   slot was written, or the time it was rejected. Kept by triggers, so every writer (the upload,
 *   the simple power, the review, the seeds, code to come) keeps it right; back-filled from the
 *   newer record's `created_at` and the rejection's `reviewed_at` (its `created_at` if it has none).
 * - `user_files.file_purged_at`: the file was removed by retention; the row (slot, status, dates,
 *   reason) stays as history and the screens say «Archivo eliminado por antigüedad».
 * - `simple_powers.id_images_purged_at`: the owner's ID images were removed.
 * - The files themselves are queued in `pending_file_removals` (migration 0020,
 *   services/platform/file-removals.ts), as a deletion's are.
 * - Indexes on the times each rule compares, partial where most rows never qualify.
 */
export default function retention(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('user_files').addColumn('retired_at', 'text').execute()
      await db.schema.alterTable('user_files').addColumn('file_purged_at', 'text').execute()
      await sql`update user_files set retired_at = case
          when file_status = 'REJECTED' then coalesce(reviewed_at, created_at)
          else (select min(n.created_at) from user_files n where n.user_id = user_files.user_id
            and n.purpose_name = user_files.purpose_name and n.id > user_files.id)
        end`.execute(db)
      if (dialect === 'postgres') {
        await sql`create function user_files_retire() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              update user_files set retired_at = new.created_at
                where user_id = new.user_id and purpose_name = new.purpose_name and id < new.id and retired_at is null;
              return null;
            end if;
            if new.file_status = 'REJECTED' and new.retired_at is null then
              new.retired_at := coalesce(new.reviewed_at, new.created_at);
            end if;
            return new;
          end
        $$`.execute(db)
        await sql`create trigger user_files_retire_insert after insert on user_files for each row
          execute function user_files_retire()`.execute(db)
        await sql`create trigger user_files_retire_reject before update of file_status on user_files for each row
          when (new.file_status = 'REJECTED') execute function user_files_retire()`.execute(db)
      } else {
        await sql`create trigger user_files_retire_insert after insert on user_files for each row begin
            update user_files set retired_at = new.created_at
              where user_id = new.user_id and purpose_name = new.purpose_name and id < new.id and retired_at is null;
          end`.execute(db)
        await sql`create trigger user_files_retire_reject after update of file_status on user_files for each row
          when new.file_status = 'REJECTED' and new.retired_at is null begin
            update user_files set retired_at = coalesce(new.reviewed_at, new.created_at) where id = new.id;
          end`.execute(db)
      }
      await db.schema
        .createIndex('user_files_retired_idx')
        .on('user_files')
        .columns(['retired_at'])
        .where(sql.ref('file_purged_at'), 'is', null)
        .execute()

      await db.schema.alterTable('simple_powers').addColumn('id_images_purged_at', 'text').execute()
      await db.schema
        .createIndex('simple_powers_id_images_idx')
        .on('simple_powers')
        .columns(['document_file_id'])
        .where(sql.ref('id_images_purged_at'), 'is', null)
        .execute()

      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute()
      await db.schema
        .createIndex('sessions_revoked_idx')
        .on('sessions')
        .column('revoked_at')
        .where(sql.ref('revoked_at'), 'is not', null)
        .execute()
      await db.schema
        .createIndex('email_verifications_expires_idx')
        .on('email_verifications')
        .column('expires_at')
        .execute()
      await db.schema.createIndex('password_resets_expires_idx').on('password_resets').column('expires_at').execute()
      for (const table of [
        'contact_messages',
        'business_contacts',
        'fleet_requests',
        'inquiries',
        'applications',
        'saved_postings',
      ]) {
        await db.schema.createIndex(`${table}_created_idx`).on(table).column('created_at').execute()
      }
      await db.schema
        .createIndex('job_postings_status_updated_idx')
        .on('job_postings')
        .columns(['status', 'updated_at'])
        .execute()
      await db.schema.createIndex('outbox_sent_idx').on('outbox').columns(['status', 'sent_at']).execute()
      await db.schema.createIndex('outbox_status_created_idx').on('outbox').columns(['status', 'created_at']).execute()
      await db.schema
        .createIndex('privacy_requests_file_expires_idx')
        .on('privacy_requests')
        .column('file_expires_at')
        .where(sql.ref('file_key'), 'is not', null)
        .execute()
    },
  }
}
