import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/** Spanish accented letters and what they fold to, as domain/validation/marketplace.ts searches. */
const ACCENTED = 'áéíóúüñÁÉÍÓÚÜÑ'
const PLAIN = 'aeiouunaeiouun'

/** lower(title || ' ' || description) without accents, in each engine's own SQL. */
export function foldedTextSql(dialect: Dialect): string {
  const text = `title || ' ' || description`
  if (dialect === 'postgres') {
    return `translate(lower(${text}), '${ACCENTED}', '${PLAIN}')`
  }
  // SQLite's lower() only folds ASCII: replace the accented letters first.
  return `lower(${[...ACCENTED].reduce((expr, from, i) => `replace(${expr}, '${from}', '${PLAIN[i]}')`, `(${text})`)})`
}

/**
 * SQLite: an FTS5 index over search_text, kept in step by triggers (external content: the text
 * is not stored twice). The tokenizer folds case and accents again, so prefixes match words.
 */
async function sqliteSearch(db: Kysely<any>) {
  await sql`create virtual table job_postings_fts using fts5(search_text, content='job_postings', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2')`.execute(db)
  await sql`create trigger job_postings_fts_ai after insert on job_postings begin
    insert into job_postings_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
  await sql`create trigger job_postings_fts_ad after delete on job_postings begin
    insert into job_postings_fts(job_postings_fts, rowid, search_text) values ('delete', old.id, old.search_text);
  end`.execute(db)
  await sql`create trigger job_postings_fts_au after update of title, description on job_postings begin
    insert into job_postings_fts(job_postings_fts, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into job_postings_fts(rowid, search_text) values (new.id, new.search_text);
  end`.execute(db)
  await sql`insert into job_postings_fts(job_postings_fts) values ('rebuild')`.execute(db)
}

/** PostgreSQL: a GIN index over the words of search_text ('simple': no stemming, no stop words). */
async function postgresSearch(db: Kysely<any>) {
  await sql`create index job_postings_search_idx on job_postings
    using gin (to_tsvector('simple', search_text))`.execute(db)
}

/**
 * The marketplace: a searchable text of each posting, kept by the database itself (a generated
 * column) so every writer — services, demo seed, scripts — leaves postings searchable, and the
 * indexes of the driver search (see scripts/bench.ts for the plans they give).
 */
export default function marketplace(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const expr = sql.raw(foldedTextSql(dialect))
      // SQLite can only add a VIRTUAL generated column: the full-text index below keeps its words.
      await db.schema
        .alterTable('job_postings')
        .addColumn('search_text', 'text', (c) =>
          dialect === 'postgres' ? c.generatedAlwaysAs(expr).stored() : c.generatedAlwaysAs(expr),
        )
        .execute()

      await (dialect === 'postgres' ? postgresSearch(db) : sqliteSearch(db))

      // Counting and paging open postings under any mix of filters reads this index alone: every
      // filter column is in it, in the order of the newest-first listing.
      await db.schema
        .createIndex('job_postings_open_filters_idx')
        .on('job_postings')
        .columns(['status', 'created_at', 'id_zone', 'id_region', 'id_commune', 'id_vehicle', 'id_schedule', 'pawn'])
        .execute()
      // The company's applicants, newest first, and the driver's own lists.
      await db.schema
        .createIndex('applications_posting_created_idx')
        .on('applications')
        .columns(['posting_id', 'created_at'])
        .execute()
      await db.schema
        .createIndex('applications_user_created_idx')
        .on('applications')
        .columns(['user_id', 'created_at'])
        .execute()
      await db.schema
        .createIndex('saved_postings_user_created_idx')
        .on('saved_postings')
        .columns(['user_id', 'created_at'])
        .execute()
      await db.schema
        .createIndex('user_files_user_slot_id_idx')
        .on('user_files')
        .columns(['user_id', 'purpose_name', 'id'])
        .execute()
    },
  }
}
