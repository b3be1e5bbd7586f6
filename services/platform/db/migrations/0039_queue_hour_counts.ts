import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The review queue's counts as counters per upload hour (decision 111).
 *
 * `queue_hours` holds, per `bucket` and UTC upload hour (`hour`: the first 13 characters of
 * `created_at`, «2026-11-27T14»), how many records are in the queue (`user_files.queued` = 1,
 * migration 0031). A bucket is a combination of the queue's filters on the record: `*` the whole
 * queue, `s:<kind>`, `o:<reupload>` (0 a first upload, 1 a re-upload), `a` flagged by the photo
 * checks (`photo_flags <> ''`), and their combinations joined by `|` in that order
 * («s:soap_frontal|o:1|a»); every queued record counts in the 4 buckets of its kind and origin, and
 * a flagged one in 4 more. The queue's split on the clock — late, due today, all — is then the sum
 * of a bucket's hours before a cut-off's hour plus the records of that hour before it, read from
 * the queue's index: about 170 counters and a few dozen records where counting read every record.
 * Rows whose count reaches 0 are deleted, so a bucket has a row per hour that has records.
 *
 * `user_files_queue_flagged_idx` is the queue's partial index of flagged records, soonest due
 * first: the flagged queue's page and its hour's records are a range of it.
 *
 * Triggers keep the counters: a record entering the queue, leaving it, deleted, or changing its
 * kind, origin, flags or upload time while in it (PostgreSQL: after the row, when its `queued`,
 * set by migration 0031's triggers before it, or one of those changed; SQLite: after the
 * statements of 0031's triggers that set `queued`).
 */
/** The buckets a record counts in, as SQL over its columns (`row.` prefix: `new.`, `old.` or ``). */
function keys(dialect: Dialect, row: string): string {
  const s = `'s:' || ${row}purpose_name`
  const o = `'o:' || ${row}reupload`
  const plain = [`'*'`, s, o, `${s} || '|' || ${o}`]
  const flagged = [`'a'`, `${s} || '|a'`, `${o} || '|a'`, `${s} || '|' || ${o} || '|a'`]
  const list = (items: string[]) =>
    dialect === 'postgres' ? `array[${items.join(', ')}]` : `json_array(${items.join(', ')})`
  return `case when ${row}photo_flags <> '' then ${list([...plain, ...flagged])} else ${list(plain)} end`
}

/** The counters of every record in the queue (the migration, and the bench after a bulk load without triggers). */
export async function fillQueueHours(db: Kysely<any>, dialect: Dialect) {
  await sql`delete from queue_hours`.execute(db)
  const each =
    dialect === 'postgres'
      ? `cross join unnest(${keys(dialect, 'f.')}) as k(value)`
      : `, json_each(${keys(dialect, 'f.')}) as k`
  await sql
    .raw(
      `insert into queue_hours (bucket, hour, n)
      select k.value, substr(f.created_at, 1, 13), count(*) from user_files f ${each}
      where f.queued = 1 group by 1, 2`,
    )
    .execute(db)
}

export default function queueHourCounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('queue_hours')
        .addColumn('bucket', 'text', (c) => c.notNull())
        .addColumn('hour', 'text', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('queue_hours_pkey', ['bucket', 'hour'])
        .execute()
      await sql`create index user_files_queue_flagged_idx on user_files (created_at, id)
        where queued = 1 and photo_flags <> ''`.execute(db)
      await fillQueueHours(db, dialect)
      const hour = (row: string) => `substr(${row}created_at, 1, 13)`
      if (dialect === 'postgres') {
        await sql
          .raw(
            `create function queue_hours_keep() returns trigger language plpgsql as $$
            begin
              if tg_op <> 'INSERT' and old.queued = 1 then
                update queue_hours set n = n - 1
                  where hour = ${hour('old.')} and bucket = any(${keys(dialect, 'old.')});
                delete from queue_hours
                  where hour = ${hour('old.')} and bucket = any(${keys(dialect, 'old.')}) and n = 0;
              end if;
              if tg_op <> 'DELETE' and new.queued = 1 then
                insert into queue_hours (bucket, hour, n)
                  select k, ${hour('new.')}, 1 from unnest(${keys(dialect, 'new.')}) as k
                  on conflict (bucket, hour) do update set n = queue_hours.n + 1;
              end if;
              return null;
            end $$`,
          )
          .execute(db)
        await sql`create trigger queue_hours_insert after insert on user_files
          for each row when (new.queued = 1) execute function queue_hours_keep()`.execute(db)
        await sql`create trigger queue_hours_delete after delete on user_files
          for each row when (old.queued = 1) execute function queue_hours_keep()`.execute(db)
        await sql`create trigger queue_hours_update after update on user_files
          for each row when ((old.queued = 1 or new.queued = 1) and
            (old.queued, old.purpose_name, old.reupload, old.photo_flags, old.created_at)
            is distinct from (new.queued, new.purpose_name, new.reupload, new.photo_flags, new.created_at))
          execute function queue_hours_keep()`.execute(db)
      } else {
        const leave = `update queue_hours set n = n - 1
            where hour = ${hour('old.')} and bucket in (select value from json_each(${keys(dialect, 'old.')}));
          delete from queue_hours
            where hour = ${hour('old.')} and n = 0
              and bucket in (select value from json_each(${keys(dialect, 'old.')}));`
        const enter = `insert into queue_hours (bucket, hour, n)
            select value, ${hour('new.')}, 1 from json_each(${keys(dialect, 'new.')}) where true
            on conflict (bucket, hour) do update set n = n + 1;`
        await sql
          .raw(`create trigger queue_hours_insert after insert on user_files when new.queued = 1 begin ${enter} end`)
          .execute(db)
        await sql
          .raw(`create trigger queue_hours_delete after delete on user_files when old.queued = 1 begin ${leave} end`)
          .execute(db)
        // Only the statements that change what a counter depends on: 0031's triggers set `queued` by an update.
        await sql
          .raw(
            `create trigger queue_hours_update after update of queued, purpose_name, reupload, photo_flags, created_at
            on user_files when (old.queued = 1 or new.queued = 1) and not (old.queued is new.queued
              and old.purpose_name is new.purpose_name and old.reupload is new.reupload
              and old.photo_flags is new.photo_flags and old.created_at is new.created_at)
            begin
              update queue_hours set n = n - 1
                where old.queued = 1 and hour = ${hour('old.')}
                  and bucket in (select value from json_each(${keys(dialect, 'old.')}));
              delete from queue_hours
                where old.queued = 1 and hour = ${hour('old.')} and n = 0
                  and bucket in (select value from json_each(${keys(dialect, 'old.')}));
              insert into queue_hours (bucket, hour, n)
                select value, ${hour('new.')}, 1 from json_each(${keys(dialect, 'new.')}) where new.queued = 1
                on conflict (bucket, hour) do update set n = n + 1;
            end`,
          )
          .execute(db)
      }
    },
  }
}
