import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/** The 16 regions' ids (reference data, migration 0001's regions): a partition each. */
const REGIONS = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 13000, 14000, 15000, 16000]

/** The filters a driver's search may give, copied from the posting into each of its words' rows. */
export const WORDS_FILTERS = ['id_zone', 'id_region', 'id_commune', 'id_vehicle', 'id_schedule', 'pawn'] as const

/**
 * Fills job_posting_words from the open postings (the migration's backfill; the bench's bulk load
 * runs it too after loading without the trigger).
 */
export async function fillPostingWords(db: Kysely<any>) {
  const filters = sql.raw(WORDS_FILTERS.join(', '))
  const jpFilters = sql.raw(WORDS_FILTERS.map((c) => `jp.${c}`).join(', '))
  await sql`insert into job_posting_words (word, created_at, posting_id, lexemes, ${filters})
    select k.word, jp.created_at, jp.id, k.lexemes, ${jpFilters}
    from job_postings jp, fleeters_posting_words(jp.search_vector) k
    where jp.status = 'open'`.execute(db)
}

/**
 * PostgreSQL: the open postings' words in a B-tree keyed (word key, created_at, posting id), a
 * partition per region, so a search with words walks the postings of its region having a word
 * newest first (of several regions, their walks merged: a Merge Append) and checks the other
 * filters and the rest of the word in the index, reading no posting (decision
 * 68). SQLite keeps its FTS5 table (decision 64).
 *
 * - A row per open posting and key: a lexeme's first 4 letters, or the lexeme itself when it has
 *   3 (`fleeters_posting_words`, from the stored search_vector: both configurations' lexemes,
 *   unaccented). `lexemes` holds the posting's lexemes of that key, so a longer word's prefix and
 *   an exact Spanish stem are checked in the index. Lexemes of 1 or 2 letters have no row: a
 *   search word shorter than 4 letters, or whose stem is, is searched as before.
 * - The filters of a driver's search are copied into the row: the region is the partition (a
 *   search in a small region walks only its postings with the word; a region outside the 16 goes
 *   to the default partition), zone, commune, vehicle, shift and pawn are INCLUDEd, so the walk
 *   reads the index only. The primary key ends with the region, as a partitioned table's must.
 *   No parallel walks (`parallel_workers = 0`): the planner cannot tell how many entries a word's
 *   check lets through and planned two workers for a walk of a few hundred pages, whose start
 *   cost more than the walk.
 * - A trigger on job_postings keeps the rows in the writing transaction for every write, whichever
 *   code writes (create, edit, close, reopen, delete, a company's deletion cascading, the seeds;
 *   a TRUNCATE empties it too).
 */
async function postgres(db: Kysely<any>) {
  // No posting is written meanwhile: the backfill and the trigger see the same postings.
  await sql`lock table job_postings in share row exclusive mode`.execute(db)
  await sql`create function fleeters_posting_words(v tsvector) returns table (word text, lexemes text)
    language sql immutable parallel safe as $$
      select left(l, 4), string_agg(l, ' ' order by l) from unnest(tsvector_to_array(v)) l
        where length(l) >= 3 group by 1
    $$`.execute(db)
  const columns = sql.raw(WORDS_FILTERS.map((c) => `${c} integer not null`).join(', '))
  await sql`create table job_posting_words (
    word text not null, created_at text not null, posting_id integer not null, lexemes text not null, ${columns}
  ) partition by list (id_region)`.execute(db)
  const options = sql.raw(
    'with (parallel_workers = 0, autovacuum_vacuum_scale_factor = 0.02, ' +
      'autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = ' +
      '0.02)',
  )
  for (const region of REGIONS)
    await sql`create table ${sql.id(`job_posting_words_${region}`)} partition of job_posting_words
      for values in (${sql.lit(region)}) ${options}`.execute(db)
  await sql`create table job_posting_words_other partition of job_posting_words default ${options}`.execute(db)
  const filters = sql.raw(WORDS_FILTERS.join(', '))
  const newFilters = sql.raw(WORDS_FILTERS.map((c) => `new.${c}`).join(', '))
  const changed = sql.raw(
    ['status', 'search_vector', 'created_at', ...WORDS_FILTERS]
      .map((c) => `old.${c} is distinct from new.${c}`)
      .join(' or '),
  )
  await sql`create function job_posting_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.status = 'open' then
        delete from job_posting_words w using fleeters_posting_words(old.search_vector) k
          where w.word = k.word and w.id_region = old.id_region and w.created_at = old.created_at
            and w.posting_id = old.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.status = 'open' then
        insert into job_posting_words (word, created_at, posting_id, lexemes, ${filters})
          select k.word, new.created_at, new.id, k.lexemes, ${newFilters}
            from fleeters_posting_words(new.search_vector) k;
      end if;
      return null;
    end
  $$`.execute(db)
  await fillPostingWords(db)
  const others = sql.raw(WORDS_FILTERS.filter((c) => c !== 'id_region').join(', '))
  await sql`alter table job_posting_words add constraint job_posting_words_pkey
    primary key (word, created_at, posting_id, id_region) include (lexemes, ${others})`.execute(db)
  await sql`create trigger job_posting_words_write after insert or delete on job_postings
    for each row execute function job_posting_words_sync()`.execute(db)
  await sql`create trigger job_posting_words_update after update on job_postings
    for each row when (${changed}) execute function job_posting_words_sync()`.execute(db)
  await sql`create function job_posting_words_truncate() returns trigger language plpgsql as $$
    begin
      truncate job_posting_words;
      return null;
    end
  $$`.execute(db)
  await sql`create trigger job_posting_words_truncate after truncate on job_postings
    for each statement execute function job_posting_words_truncate()`.execute(db)
}

export default function postingWords(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await postgres(db)
    },
  }
}
