import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/** Every application's copy of its driver's row of driver_documents_accepted, as the triggers keep it. */
export async function fillApplicationDocuments(db: Kysely<any>) {
  await sql`update applications set
      documents_accepted = coalesce((select d.accepted from driver_documents_accepted d
        where d.user_id = applications.user_id), 0),
      documents_until = (select d.expires_first from driver_documents_accepted d
        where d.user_id = applications.user_id)`.execute(db)
}

/**
 * The applicants screen's order «más documentos aprobados» read from an index (decision 113).
 *
 * On `applications`, a copy of the driver's row of `driver_documents_accepted` (decision 107):
 * `documents_accepted` (the required slots whose latest record is accepted, in force or not; 0
 * without a row) and `documents_until` (the earliest expiry among them; null: none expires). While
 * `documents_until` is null or not before today, `documents_accepted` is the applicant's n/22. An
 * application past its date is ordered by its n/22 on the day, read for those only; the hourly
 * refresh (refreshApplicantDocuments) writes that n/22 into the copy with the next date it holds
 * to, so they are the ones whose date passed within the hour.
 *
 * Triggers copy the driver's row into their applications when it is written or removed (the
 * refresh of 0036 removes and writes it again on every write of the driver's records), and into an
 * application when it is written.
 *
 * Indexes: a posting's applications newest first with the id and driver (replacing 0004's
 * `applications_posting_created_idx`), by documents then newest (`applications_posting_documents_idx`)
 * and the same within one stage (`applications_posting_stage_documents_idx`), both with what the
 * page needs (id, driver, expiry) so the order and the page come from the index alone; and the
 * applications whose copy has a date, by date, within a posting (`applications_posting_expiry_idx`)
 * and over all of them (`applications_documents_until_idx`), where the ones past it are found.
 */
export default function applicantDocumentsOrder(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('applications')
        .addColumn('documents_accepted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('applications').addColumn('documents_until', 'text').execute()
      await fillApplicationDocuments(db)
      // 0004's index of a posting's applications newest first, with the id and the driver each is
      // checked by (visibleToCompanies): a page far into the list skips index entries, not rows.
      await db.schema
        .createIndex('applications_posting_newest_idx')
        .on('applications')
        .columns(['posting_id', 'created_at', 'id', 'user_id'])
        .execute()
      await db.schema.dropIndex('applications_posting_created_idx').execute()
      await db.schema
        .createIndex('applications_posting_documents_idx')
        .on('applications')
        .columns(['posting_id', 'documents_accepted', 'created_at', 'id', 'user_id', 'documents_until'])
        .execute()
      await db.schema
        .createIndex('applications_posting_stage_documents_idx')
        .on('applications')
        .columns(['posting_id', 'status', 'documents_accepted', 'created_at', 'id', 'user_id', 'documents_until'])
        .execute()
      await sql`create index applications_posting_expiry_idx
        on applications (posting_id, documents_until, status, user_id, id)
        where documents_until is not null`.execute(db)
      // The copies whose date passed, over all postings: the hourly refresh finds them here.
      await sql`create index applications_documents_until_idx on applications (documents_until)
        where documents_until is not null`.execute(db)

      const fromRow = (r: string) =>
        `update applications set documents_accepted = ${r}.accepted, documents_until = ${r}.expires_first
          where user_id = ${r}.user_id`
      const removed = (r: string) =>
        `update applications set documents_accepted = 0, documents_until = null where user_id = ${r}.user_id`
      const written = `update applications set
          documents_accepted = coalesce((select d.accepted from driver_documents_accepted d
            where d.user_id = new.user_id), 0),
          documents_until = (select d.expires_first from driver_documents_accepted d
            where d.user_id = new.user_id)
        where id = new.id`

      if (dialect === 'postgres') {
        await sql
          .raw(
            `create function applications_documents_row() returns trigger language plpgsql as $$ begin
            if tg_op = 'DELETE' then ${removed('old')}; else ${fromRow('new')}; end if;
            return null;
          end $$`,
          )
          .execute(db)
        await sql`create trigger applications_documents_row after insert or delete or update
          on driver_documents_accepted for each row execute function applications_documents_row()`.execute(db)
        await sql
          .raw(
            `create function applications_documents_written() returns trigger language plpgsql as $$
          begin ${written}; return null; end $$`,
          )
          .execute(db)
        await sql`create trigger applications_documents_written after insert or update of user_id
          on applications for each row execute function applications_documents_written()`.execute(db)
      } else {
        const trigger = (name: string, event: string, body: string) =>
          sql.raw(`create trigger ${name} after ${event} begin ${body}; end`).execute(db)
        await trigger('applications_documents_row_insert', 'insert on driver_documents_accepted', fromRow('new'))
        await trigger('applications_documents_row_update', 'update on driver_documents_accepted', fromRow('new'))
        await trigger('applications_documents_row_delete', 'delete on driver_documents_accepted', removed('old'))
        await trigger('applications_documents_written_insert', 'insert on applications', written)
        await trigger('applications_documents_written_update', 'update of user_id on applications', written)
      }
    },
  }
}
