import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * Fills company_posting_words from every posting (the migration's backfill; the bench's bulk load
 * runs it too after loading without the trigger).
 */
export async function fillCompanyPostingWords(db: Kysely<any>) {
  await sql`insert into company_posting_words (company_id, word, created_at, posting_id, lexemes, status)
    select jp.company_id, k.word, jp.created_at, jp.id, k.lexemes, jp.status
    from job_postings jp, fleeters_posting_words(jp.search_vector) k`.execute(db)
}

/**
 * PostgreSQL: every posting's words in a B-tree keyed (company, word key, created_at, posting id),
 * so a company's search of its own postings walks its postings having a word newest first and
 * checks the rest of the word and the status (the panel's tabs) in the index, reading no posting
 * (decision 128). job_posting_words (migration 0016) holds the open postings only and has no
 * company: a company's search read its postings newest first and checked search_vector on each
 * (every one of them when the word is rare), or intersected its postings with the word's entries
 * of every company in the GIN index. SQLite keeps its FTS5 table (decision 64).
 *
 * - The rows are job_posting_words' (`fleeters_posting_words`: a row per key, a lexeme's first 4
 *   letters or the lexeme itself when it has 3, with the posting's lexemes of that key), for
 *   drafts, open and closed postings alike, with the status INCLUDEd.
 * - A trigger on job_postings keeps the rows in the writing transaction for every write, whichever
 *   code writes (create, edit, close, reopen, delete, a company's deletion cascading, the seeds;
 *   a TRUNCATE empties it too).
 */
async function postgres(db: Kysely<any>) {
  // No posting is written meanwhile: the backfill and the trigger see the same postings.
  await sql`lock table job_postings in share row exclusive mode`.execute(db)
  await sql`create table company_posting_words (
    company_id integer not null, word text not null, created_at text not null, posting_id integer not null,
    lexemes text not null, status text not null
  ) with (parallel_workers = 0, autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db)
  await sql`create function company_posting_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        delete from company_posting_words w using fleeters_posting_words(old.search_vector) k
          where w.company_id = old.company_id and w.word = k.word and w.created_at = old.created_at
            and w.posting_id = old.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into company_posting_words (company_id, word, created_at, posting_id, lexemes, status)
          select new.company_id, k.word, new.created_at, new.id, k.lexemes, new.status
            from fleeters_posting_words(new.search_vector) k;
      end if;
      return null;
    end
  $$`.execute(db)
  await fillCompanyPostingWords(db)
  await sql`alter table company_posting_words add constraint company_posting_words_pkey
    primary key (company_id, word, created_at, posting_id) include (lexemes, status)`.execute(db)
  const changed = sql.raw(
    ['company_id', 'status', 'search_vector', 'created_at']
      .map((c) => `old.${c} is distinct from new.${c}`)
      .join(' or '),
  )
  await sql`create trigger company_posting_words_write after insert or delete on job_postings
    for each row execute function company_posting_words_sync()`.execute(db)
  await sql`create trigger company_posting_words_update after update on job_postings
    for each row when (${changed}) execute function company_posting_words_sync()`.execute(db)
  await sql`create function company_posting_words_truncate() returns trigger language plpgsql as $$
    begin
      truncate company_posting_words;
      return null;
    end
  $$`.execute(db)
  await sql`create trigger company_posting_words_truncate after truncate on job_postings
    for each statement execute function company_posting_words_truncate()`.execute(db)
}

export default function companyPostingWords(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await postgres(db)
    },
  }
}
