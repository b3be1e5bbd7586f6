import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/** The filters a search may combine after its leading one, as in migration 0009. */
const TRAILING_FILTERS = ['id_vehicle', 'id_schedule', 'pawn'] as const

/**
 * PostgreSQL: every search reads its index newest first, in a table it can skip or read in order
 * (decision 66). SQLite keeps migrations 0009 and 0013 (decision 64).
 *
 * - The open postings' indexes are partial (`where status = 'open'`, the condition every driver
 *   search has) and start with the filter, then created_at: 0009's led with status, and the
 *   planner prices a walk by how its first column follows the table's order, which status does
 *   not; created_at does (postings are written in time order), so a walk that checks the words on
 *   each row is priced as the few consecutive pages it reads, not a random read per row. A
 *   closed posting no longer takes room in them.
 * - The filters' searches read these indexes only (an index-only scan holds created_at, id and
 *   every filter): autovacuum runs after 2 % of the table changed instead of 20 %, so the
 *   visibility map that lets it skip the table stays current.
 * - search_vector keeps no word positions (`strip`): the search asks words and prefixes, never
 *   phrases or ranks. search_text goes: 0004 wrote it for SQLite's full-text table and PostgreSQL
 *   never reads it since 0009. A row is about a third smaller (1,100 bytes to about 720), so a
 *   search reading rows reads fewer pages.
 * - fillfactor 90: a posting closed or edited is written again on its own page, which keeps the
 *   table in the order postings were written.
 */
async function postgres(db: Kysely<any>) {
  await sql`drop index job_postings_search_vector_idx`.execute(db)
  await sql`alter table job_postings
    drop column search_text,
    drop column search_vector,
    add column search_vector tsvector generated always as (strip(
      to_tsvector('fleeters_es', title || ' ' || description)
        || to_tsvector('fleeters_words', title || ' ' || description)
    )) stored`.execute(db)
  await sql`alter table job_postings set (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(db)
  await sql`create index job_postings_search_vector_idx on job_postings using gin (search_vector)`.execute(db)
  const open = (name: string, columns: readonly string[]) =>
    db.schema
      .createIndex(name)
      .on('job_postings')
      .columns([...columns])
      .where(sql.ref('status'), '=', sql.lit('open'))
      .execute()
  for (const lead of ['id_commune', 'id_region', 'id_zone'] as const) {
    const name = `job_postings_open_${lead.slice(3)}_idx`
    await db.schema.dropIndex(name).execute()
    await open(name, [lead, 'created_at', 'id', ...TRAILING_FILTERS])
  }
  await db.schema.dropIndex('job_postings_open_vehicle_idx').execute()
  await open('job_postings_open_vehicle_idx', ['id_vehicle', 'created_at', 'id', 'id_schedule', 'pawn'])
  await db.schema.dropIndex('job_postings_open_idx').execute()
  await open('job_postings_open_idx', ['created_at', 'id', ...TRAILING_FILTERS])
}

export default function searchOpenPostings(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') await postgres(db)
    },
  }
}
