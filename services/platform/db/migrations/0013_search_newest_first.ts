import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * SQLite: the full-text index in the lists' order, so a common word's newest matches are its
 * first entries (decision 64). FTS5 walks a word's entries by rowid, either way,
 * and stops at a LIMIT; keyed by posting id it had to read every match of a common word and sort
 * them by created_at. Its rowid is now `search_key`, which orders as (created_at, id): the
 * millisecond of created_at, then the low 20 bits of the id (postings created in one
 * millisecond follow their ids; two keys could only meet for ids 1,048,576 apart created in the
 * same millisecond). A virtual generated column: every writer keeps it.
 *
 * The index also holds every 2, 3 and 4-letter word prefix (`prefix`): a prefix search of up to
 * 4 letters reads those entries directly, newest first; a longer word is looked up by its first
 * 4 letters and the rest is checked on the row (fleeters_words_start, services/platform/db/words.ts).
 * Without them FTS5 merges the entries of every word with the prefix before giving the first
 * one. detail=none: the search never asks for word positions (no phrases), and entries without
 * them are about a fifth of the size.
 *
 * PostgreSQL needs none of it: the stored search_vector is checked on the row (migration 0009).
 */
async function sqliteSearch(db: Kysely<any>) {
  await sql`alter table job_postings add column search_key integer generated always as (
    (cast(round(unixepoch(created_at, 'subsec') * 1000) as integer) << 20) | (id & 1048575)
  ) virtual`.execute(db)
  // The full-text walk finds each posting by its key here and checks the filters of the driver's
  // and the company's searches in the index, reading the row only for one that passes.
  await sql`create index job_postings_search_key_idx on job_postings
    (search_key, status, id_zone, id_region, id_commune, id_vehicle, id_schedule, pawn, company_id)`.execute(db)
  for (const t of ['ai', 'ad', 'au']) await sql`drop trigger ${sql.id(`job_postings_fts_${t}`)}`.execute(db)
  await sql`drop table job_postings_fts`.execute(db)
  await sql`create virtual table job_postings_fts using fts5(search_text, content='job_postings',
    content_rowid='search_key', tokenize='unicode61 remove_diacritics 2', detail=none, prefix='2 3 4')`.execute(db)
  await sql`create trigger job_postings_fts_ai after insert on job_postings begin
    insert into job_postings_fts(rowid, search_text) values (new.search_key, new.search_text);
  end`.execute(db)
  await sql`create trigger job_postings_fts_ad after delete on job_postings begin
    insert into job_postings_fts(job_postings_fts, rowid, search_text)
      values ('delete', old.search_key, old.search_text);
  end`.execute(db)
  await sql`create trigger job_postings_fts_au after update of title, description, created_at on job_postings begin
    insert into job_postings_fts(job_postings_fts, rowid, search_text)
      values ('delete', old.search_key, old.search_text);
    insert into job_postings_fts(rowid, search_text) values (new.search_key, new.search_text);
  end`.execute(db)
  await sql`insert into job_postings_fts(job_postings_fts) values ('rebuild')`.execute(db)
}

export default function searchNewestFirst(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sqliteSearch(db)
    },
  }
}
