import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The review queue's filter by a driver's name or email as an index (decision 109).
 *
 * `queue_name_grams` holds, for each record in the queue (`user_files.queued` = 1, migration 0031),
 * the pieces of its driver's `lower(firstname || ' ' || lastname)` and `lower(email)` — the texts
 * the filter matches a substring of — with the record's upload time: every single character, and
 * the text from each position on, cut at NAME_PIECE_LENGTH characters. A term of up to that length
 * is a substring of a text exactly when it begins one of its pieces, so the queue filtered by it is
 * a range of the key (gram, created_at, file_id): one row per piece that begins with it, a record
 * counted once. A longer term reads the range of its first NAME_PIECE_LENGTH characters and checks
 * the whole term on the driver's row. One character is a row of its own (a letter begins many
 * pieces of one name), read in the queue's order.
 *
 * Each engine lowers the texts with its own `lower()`, as the filter always did, and compares
 * pieces byte by byte (PostgreSQL's column is `collate "C"`, so a range of prefixes is one range).
 * Triggers keep the rows: a record entering the queue gets its driver's pieces, one leaving it
 * loses them (by `file_id`, also when the record is deleted), and a driver's new name or email
 * replaces the pieces of their records in the queue. An erased account's records are deleted and
 * its name overwritten (services/users/account-closure.ts), and both take its pieces away.
 */
export const NAME_PIECE_LENGTH = 12

/** The lengths of the pieces this migration indexes: one character, and NAME_PIECE_LENGTH (0042 adds two). */
const PIECE_LENGTHS = [1, NAME_PIECE_LENGTH]

/**
 * `from … where …` of the pieces of the texts `name` and `email` (SQL expressions), from each
 * position on, of each of `lengths`: rows of `gram`. SQLite has no series in a trigger:
 * `json_each` over an array of length(text) zeros gives the positions (its `key`, from 0).
 */
function piecesOf(
  dialect: Dialect,
  name: string,
  email: string,
  lengths: readonly number[],
): { from: string; where: string; gram: string } {
  if (dialect === 'postgres')
    return {
      from: `cross join lateral (values (lower(${name})), (lower(${email}))) as t(value)
        cross join lateral generate_series(1, length(t.value)) as p(i)
        cross join (values ${lengths.map((n) => `(${n})`).join(', ')}) as n(len)`,
      where: 'true',
      gram: 'substr(t.value, p.i, n.len)',
    }
  return {
    from: `, json_each(json_array(lower(${name}), lower(${email}))) as t
      , json_each('[0' || replace(printf('%*s', length(t.value) - 1, ''), ' ', ',0') || ']') as p
      , json_each('[${lengths.join(', ')}]') as n`,
    where: 'p.key < length(t.value)',
    gram: 'substr(t.value, p.key + 1, n.value)',
  }
}

const NAME = (table: string) => `${table}.firstname || ' ' || ${table}.lastname`

/** The pieces of `lengths` of every record in the queue, in place of those there were. */
export async function fillQueueNames(db: Kysely<any>, dialect: Dialect, lengths: readonly number[]) {
  const p = piecesOf(dialect, NAME('u'), 'u.email', lengths)
  await sql`delete from queue_name_grams`.execute(db)
  await sql
    .raw(
      `insert into queue_name_grams (gram, created_at, file_id)
      select distinct ${p.gram}, f.created_at, f.id from user_files f join users u on u.id = f.user_id ${p.from}
      where f.queued = 1 and ${p.where} order by 1, 2, 3`,
    )
    .execute(db)
}

export default function queueNameIndex(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const run = (text: string) => sql.raw(text).execute(db)
      if (dialect === 'postgres') {
        await run(`create table queue_name_grams (
          gram text collate "C" not null,
          created_at text not null,
          file_id integer not null references user_files (id) on delete cascade,
          primary key (gram, created_at, file_id))`)
      } else {
        await run(`create table queue_name_grams (
          gram text not null,
          created_at text not null,
          file_id integer not null references user_files (id) on delete cascade,
          primary key (gram, created_at, file_id)) without rowid`)
      }
      await run('create index queue_name_grams_file_idx on queue_name_grams (file_id)')
      await fillQueueNames(db, dialect, PIECE_LENGTHS)

      await createQueueNameTriggers(db, dialect, PIECE_LENGTHS)
    },
  }
}

/**
 * The triggers that keep the pieces of `lengths` as the queue, the names and the emails change
 * (PostgreSQL's through the functions queue_name_grams_file and queue_name_grams_user).
 */
export async function createQueueNameTriggers(db: Kysely<any>, dialect: Dialect, lengths: readonly number[]) {
  const run = (text: string) => sql.raw(text).execute(db)
  // A record's pieces: its driver's (users u, the row `new.user_id`).
  const ofFile = piecesOf(dialect, NAME('u'), 'u.email', lengths)
  const insertFile = `insert into queue_name_grams (gram, created_at, file_id)
      select distinct ${ofFile.gram}, new.created_at, new.id from users u ${ofFile.from}
      where u.id = new.user_id and ${ofFile.where}`
  // A driver's new pieces on each of their records in the queue.
  const ofUser = piecesOf(dialect, NAME('new'), 'new.email', lengths)
  const dropUser = `delete from queue_name_grams
      where file_id in (select id from user_files where user_id = new.id and queued = 1)`
  const insertUser = `insert into queue_name_grams (gram, created_at, file_id)
      select distinct ${ofUser.gram}, f.created_at, f.id from user_files f ${ofUser.from}
      where f.user_id = new.id and f.queued = 1 and ${ofUser.where}`
  const renamed = (is: string) => ['firstname', 'lastname', 'email'].map((c) => `old.${c} ${is} new.${c}`).join(' or ')

  if (dialect === 'postgres') {
    // After the row is written: 0031's before triggers have set `queued` (a status change sets
    // it without naming it, so the update trigger watches the value, not the column list).
    await run(`create function queue_name_grams_file() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then delete from queue_name_grams where file_id = new.id; end if;
          if new.queued = 1 then ${insertFile}; end if;
          return null;
        end $$`)
    await run(`create trigger queue_name_grams_insert after insert on user_files
        for each row when (new.queued = 1) execute function queue_name_grams_file()`)
    await run(`create trigger queue_name_grams_update after update on user_files
        for each row when (old.queued is distinct from new.queued) execute function queue_name_grams_file()`)
    await run(`create function queue_name_grams_user() returns trigger language plpgsql as $$
        begin
          ${dropUser};
          ${insertUser};
          return null;
        end $$`)
    await run(`create trigger queue_name_grams_user after update of firstname, lastname, email on users
        for each row when (${renamed('is distinct from')}) execute function queue_name_grams_user()`)
  } else {
    await run(`create trigger queue_name_grams_insert after insert on user_files when new.queued = 1 begin
        delete from queue_name_grams where file_id = new.id;
        ${insertFile};
      end`)
    await run(`create trigger queue_name_grams_update after update on user_files
        when old.queued is not new.queued begin
        delete from queue_name_grams where file_id = new.id;
        ${insertFile} and new.queued = 1;
      end`)
    await run(`create trigger queue_name_grams_user after update of firstname, lastname, email on users
        when ${renamed('is not')} begin
        ${dropUser};
        ${insertUser};
      end`)
  }
}
