import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely'
import type { JobPostingDto } from '#domain/contract/postings'
import { formatPayment } from '#domain/format'
import { findCommune, findRegion, findZone } from '#domain/reference-data/geography'
import { findSchedule } from '#domain/reference-data/schedules'
import { capacityLabel, findCapacity, findVehicle } from '#domain/reference-data/vehicles'
import {
  POSTINGS_COUNT_CAP,
  POSTINGS_PAGE_SIZE,
  searchTokens,
  type PostingStatus,
} from '#domain/validation/marketplace'
import type { Dialect } from '#services/platform/db/migrations'
import type { Database } from '#services/platform/db/schema'

export type { JobPostingDto }

/**
 * One query: the posting with its company (the only table whose names change). The names of the
 * reference tables — zone, region, commune, vehicle, capacity, schedule — come from
 * domain/reference-data in toPostingDto (no join per name), the same lists the
 * reference tables are seeded from.
 */
export function postingsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('job_postings as jp')
    .innerJoin('companies as co', 'co.id', 'jp.company_id')
    .select([
      'jp.id',
      'jp.title',
      'jp.description',
      'co.logo_url',
      'co.name as company_name',
      'co.verified as company_verified',
      'jp.id_zone',
      'jp.id_region',
      'jp.id_commune',
      'jp.id_vehicle',
      'jp.id_capacity',
      'jp.id_schedule',
      'jp.start_date',
      'jp.pawn',
      'jp.payment_amount',
      'jp.payment_period',
      'jp.drivers_needed',
      'jp.status',
      'jp.created_at',
      'jp.updated_at',
    ])
}

export type PostingRow = Awaited<ReturnType<ReturnType<typeof postingsWithNames>['executeTakeFirstOrThrow']>>

export function toPostingDto(r: PostingRow): JobPostingDto {
  const capacityKg = r.id_capacity == null ? undefined : findCapacity(r.id_capacity)?.capacity_kg
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    logo: r.logo_url,
    company_name: r.company_name,
    company_verified: r.company_verified === 1,
    id_zone: r.id_zone,
    name_zone: findZone(r.id_zone)?.name_zone ?? '',
    id_region: r.id_region,
    name_region: findRegion(r.id_region)?.name_region ?? '',
    id_commune: r.id_commune,
    name_commune: findCommune(r.id_commune)?.name_commune ?? '',
    id_vehicle: r.id_vehicle,
    name_vehicle: findVehicle(r.id_vehicle)?.name_vehicle ?? '',
    id_capacity: r.id_capacity,
    capacity: capacityKg === undefined ? null : capacityLabel(capacityKg, r.id_vehicle),
    id_schedule: r.id_schedule,
    time: findSchedule(r.id_schedule)?.name_schedule ?? '',
    start_date: r.start_date,
    pawn: r.pawn ? 'Si' : 'No',
    payment: formatPayment(Number(r.payment_amount), r.payment_period),
    payment_amount: Number(r.payment_amount),
    payment_period: r.payment_period,
    drivers_needed: Number(r.drivers_needed),
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}

/**
 * How an SQLite search with words reads (decision 64): `text` walks the full-text index newest
 * first (its rowid orders as created_at, id: migration 0013) and checks the other filters on each
 * posting; `rows` walks the filters' index newest first and checks the words on each posting
 * (fleeters_words_start). Either stops at the 1,001st match; textDriver picks the one that gets
 * there reading fewer entries. On PostgreSQL `text` (or `rows`) leaves the choice to the planner
 * (decision 66) and a WordsDriver walks a words table (decisions 70, 128); postgresTextDriver picks
 * for a driver's search, companyWordsDriver for a company's.
 */
export type TextDriver = 'text' | 'rows' | WordsDriver

/**
 * PostgreSQL: a search word as job_posting_words (migration 0016) holds it. A posting has the
 * word when one of its lexemes starts with `prefix` (the word itself) or is `stem` (its Spanish
 * stem; '' for a stop word), as searchCondition asks of the stored search_vector.
 */
export interface WordTerm {
  prefix: string
  stem: string
}

/**
 * PostgreSQL: a words table (alias w) and the column an entry shares with the same posting's other
 * entries: job_posting_words (migration 0016), the open postings by region, which drivers search;
 * company_posting_words (migration 0045), every posting by company, which a company searches.
 */
export interface WordsTable {
  name: 'job_posting_words' | 'company_posting_words'
  shared: 'id_region' | 'company_id'
}

export const REGION_WORDS: WordsTable = { name: 'job_posting_words', shared: 'id_region' }
export const COMPANY_WORDS: WordsTable = { name: 'company_posting_words', shared: 'company_id' }

/**
 * PostgreSQL (decisions 70, 128): walk a words table newest first for the first term's keys (of
 * job_posting_words, the partitions of the regions `where` names, merged), checking `where` (the
 * filters on the row's copies, alias w) and the other terms in the index.
 */
export interface WordsDriver {
  table: WordsTable
  where: RawBuilder<boolean>
  terms: WordTerm[]
}

/**
 * Where a words walk goes: `where` on the row's copies of the filters (alias w), `regions` the
 * regions walked (alias w; the partitions the planner reads; `where` names them too), and
 * `place`, the open postings of those regions on job_postings (null: all of them), which
 * postgresTextDriver counts.
 */
export interface WordsPlace {
  where: RawBuilder<boolean>
  regions: RawBuilder<boolean>
  place: RawBuilder<boolean> | null
}

export function isWordsDriver(driver: TextDriver): driver is WordsDriver {
  return typeof driver === 'object'
}

/** The full-text index holds every word prefix up to this many letters (migration 0013). */
const INDEXED_PREFIX = 4

/**
 * Each word as a word prefix. `short`: a word longer than the index's prefixes is asked by its
 * first 4 letters (read newest first from the prefix index; the rest is checked on the row):
 * FTS5 answers a longer prefix only after merging every match of every word that has it.
 */
function ftsQuery(tokens: string[], short: boolean): string {
  return [...new Set(tokens.map((t) => `"${short ? t.slice(0, INDEXED_PREFIX) : t}"*`))].join(' ')
}

/**
 * Every word of the search must start a word of the title or description (accents and case
 * ignored), through each engine's full-text index: SQLite's FTS5 table (migrations 0004, 0013),
 * and on PostgreSQL the stored search_vector (migration 0009), where a word also finds the other
 * forms of its Spanish stem (camiones, camión). null when there are no words. On SQLite, `rows`
 * checks the words on the row itself; otherwise the ids the full-text index gives.
 */
export function searchCondition(search: string | undefined, dialect: Dialect, driver: TextDriver = 'text') {
  const tokens = searchTokens(search ?? '')
  if (!tokens.length) return null
  if (dialect === 'postgres') {
    // Tokens are [a-z0-9]+ (searchTokens), safe inside a tsquery.
    const query = sql.join(
      tokens.map((t) => sql`(to_tsquery('fleeters_words', ${`${t}:*`}) || to_tsquery('fleeters_es', ${t}))`),
      sql` && `,
    )
    return sql<boolean>`jp.search_vector @@ (${query})`
  }
  if (driver === 'rows') return sql<boolean>`fleeters_words_start(jp.title, jp.description, ${tokens.join(' ')}) = 1`
  return sql<boolean>`jp.search_key in
    (select rowid from job_postings_fts where job_postings_fts match ${ftsQuery(tokens, false)})`
}

/** How many entries textDriver reads of each index at most to weigh them. */
const DRIVER_PROBE = 500

/**
 * What a step of the `rows` walk costs against one of the `text` walk: `text` checks the filters
 * in an index and reads only the postings that pass them, `rows` reads every posting and runs
 * fleeters_words_start on it (3 to 6 times as much at 1M postings, scripts/bench/search.ts).
 */
const ROW_CHECK_COST = 4

/**
 * SQLite: which index a search with words walks (TextDriver). Each side reads at most 500 entries
 * newest first: the postings whose words match, and those the filters let through. When a side
 * has fewer, its whole walk is known (at most 500 steps): the cheaper known walk wins. Otherwise
 * the time its 500th entry goes back to is the side's density: walking one side reads about
 * 1,001 / (the other side's share) entries, so the denser side is the one to check, not walk.
 */
export async function textDriver(
  db: Kysely<Database>,
  dialect: Dialect,
  where: RawBuilder<boolean>,
  search: string | undefined,
): Promise<TextDriver> {
  const tokens = searchTokens(search ?? '')
  if (dialect !== 'sqlite' || !tokens.length) return 'text'
  const text = await sql<{
    n: number
    last: number | null
  }>`select count(*) as n, min(rowid) as last from (select rowid from job_postings_fts
      where job_postings_fts match ${ftsQuery(tokens, true)} order by rowid desc limit ${DRIVER_PROBE})`.execute(db)
  const rows = await sql<{
    n: number
    last: string | null
  }>`select count(*) as n, min(created_at) as last from (select jp.created_at from job_postings jp
      where ${where} order by jp.created_at desc, jp.id desc limit ${DRIVER_PROBE})`.execute(db)
  const t = text.rows[0]!
  const r = rows.rows[0]!
  if (t.n < DRIVER_PROBE && r.n < DRIVER_PROBE) return t.n <= r.n * ROW_CHECK_COST ? 'text' : 'rows'
  if (t.n < DRIVER_PROBE) return 'text'
  if (r.n < DRIVER_PROBE) return 'rows'
  // How far back each side's 500 newest go; the search key's high bits are created_at's millisecond.
  const now = Date.now()
  const textSpan = Math.max(1, now - Number(t.last) / 2 ** 20)
  const rowsSpan = Math.max(1, now - Date.parse(r.last!))
  return rowsSpan < textSpan * ROW_CHECK_COST ? 'text' : 'rows'
}

/** PostgreSQL: the key of a lexeme in job_posting_words: its first 4 letters, or itself when it has 3. */
function wordKey(lexeme: string): string {
  return lexeme.slice(0, 4)
}

/** The keys a term's postings are under: its prefix's, and its stem's when that differs. */
function termKeys(term: WordTerm): string[] {
  const keys = [wordKey(term.prefix)]
  if (term.stem && wordKey(term.stem) !== keys[0]) keys.push(wordKey(term.stem))
  return keys
}

/**
 * Whether a row of job_posting_words (alias) under `key` has the term: a lexeme starting with its
 * prefix or equal to its stem. strpos rather than LIKE: the planner prices a LIKE '%…%' as letting
 * 1 entry in 200 through, and then sorts a bitmap of the key's entries rather than walk them.
 */
function termCheck(alias: string, term: WordTerm, key: string): RawBuilder<boolean> {
  const lexemes = sql.ref(`${alias}.lexemes`)
  const parts: RawBuilder<boolean>[] = []
  if (key === wordKey(term.prefix)) {
    // Every lexeme under a 4-letter key starts with it.
    if (term.prefix.length === key.length) return sql<boolean>`true`
    parts.push(sql<boolean>`strpos(' ' || ${lexemes}, ${` ${term.prefix}`}) > 0`)
  }
  if (term.stem && key === wordKey(term.stem))
    parts.push(sql<boolean>`strpos(' ' || ${lexemes} || ' ', ${` ${term.stem} `}) > 0`)
  return sql<boolean>`(${sql.join(parts, sql` or `)})`
}

/**
 * Terms the words table cannot answer: a word under 4 letters, a stem under 3 (lexemes of 1 or 2
 * letters have no row).
 */
function wordsCanAnswer(term: WordTerm): boolean {
  return term.prefix.length >= 4 && (term.stem === '' || term.stem.length >= 3)
}

const termsCache = new Map<string, WordTerm | null>()

/**
 * PostgreSQL: each search word's prefix and Spanish stem, as searchCondition's tsqueries read
 * them (asked of the server, remembered); null when the words table cannot answer one of them.
 */
export async function wordTerms(db: Kysely<Database>, tokens: string[]): Promise<WordTerm[] | null> {
  const missing = tokens.filter((t) => !termsCache.has(t))
  if (missing.length) {
    const res = await sql<{
      t: string
      p: string
      s: string
    }>`select t, to_tsquery('fleeters_words', t || ':*')::text as p, to_tsquery('fleeters_es', t)::text as s
      from unnest(${missing}::text[]) t`.execute(db)
    if (termsCache.size > 5000) termsCache.clear()
    for (const { t, p, s } of res.rows) {
      const stem = s === '' ? '' : /^'([a-z0-9]+)'$/.exec(s)?.[1]
      const term = p === `'${t}':*` && stem !== undefined ? { prefix: t, stem } : null
      termsCache.set(t, term && wordsCanAnswer(term) ? term : null)
    }
  }
  const terms = tokens.map((t) => termsCache.get(t) ?? null)
  return terms.every((t) => t !== null) ? (terms as WordTerm[]) : null
}

/** PostgreSQL: a search's words as the words tables answer them (wordTerms); null without words. */
export async function searchTerms(db: Kysely<Database>, search: string | undefined): Promise<WordTerm[] | null> {
  const tokens = searchTokens(search ?? '')
  return tokens.length ? wordTerms(db, tokens) : null
}

/**
 * PostgreSQL (decision 128): a company's search of its own postings, all of them or those of one
 * status, as a walk of company_posting_words; 'text' (the planner's choice) when the words table
 * cannot answer a word. Of several words the sparsest drives: each word's entries of the company
 * (and status) are counted in the index, up to 1,001.
 */
export async function companyWordsDriver(
  db: Kysely<Database>,
  companyId: number,
  status: PostingStatus | undefined,
  search: string | undefined,
): Promise<TextDriver> {
  const terms = await searchTerms(db, search)
  if (!terms) return 'text'
  const where =
    status === undefined
      ? sql<boolean>`w.company_id = ${companyId}`
      : sql<boolean>`w.company_id = ${companyId} and w.status = ${status}`
  if (terms.length === 1) return { table: COMPANY_WORDS, where, terms }
  const counts = await sql<{ i: number; n: number }>`${sql.join(
    terms.map((term, i) => {
      const key = termKeys(term)[0]!
      return sql`select ${i}::int as i, count(*)::int as n from (select 1 from company_posting_words w
        where w.word = ${key} and ${termCheck('w', term, key)} and ${where} limit ${COUNT_CAP + 1}) t`
    }),
    sql` union all `,
  )}`.execute(db)
  const driving = counts.rows.reduce((a, b) => (b.n < a.n ? b : a)).i
  return { table: COMPANY_WORDS, where, terms: [terms[driving]!, ...terms.filter((_, i) => i !== driving)] }
}

/**
 * What a posting's check costs against a step of the words walk (an index entry): a search
 * through the filters' index reads a posting per entry, a page of its own when the filters are
 * narrow, where the words' index holds about 80 entries a page (15 to 80 times the time at 1M
 * postings, depending on how much of the table the cache holds; scripts/bench/search.ts).
 */
const WORDS_ROW_CHECK_COST = 40

/**
 * PostgreSQL: whether a search with words walks job_posting_words (a WordsDriver) or lets the
 * planner walk the filters' index or the GIN index ('text'). Without filters a single word's walk
 * stops at its 1,001st entry: it is taken unread. Otherwise, as textDriver on SQLite, each side's
 * 500 newest entries are read (the words' index only; the filters' index only) with the oldest
 * open posting and their number: how far back 500 entries go gives each side's share of the open
 * postings (all of it when it has fewer). The sparsest word drives. The words walk reads its
 * word's entries until 1,001 pass the filters and the other words, at most all of them; the other
 * reads the filters' entries until 1,001 have every word, at most all of them, each costing
 * WORDS_ROW_CHECK_COST entries of the words walk. The cheaper is taken.
 */
export async function postgresTextDriver(
  db: Kysely<Database>,
  where: RawBuilder<boolean>,
  walk: WordsPlace,
  filtered: boolean,
  search: string | undefined,
): Promise<TextDriver> {
  const terms = await searchTerms(db, search)
  if (!terms) return 'text'
  if (!filtered && terms.length === 1) return { table: REGION_WORDS, where: walk.where, terms }
  const probes = terms.map((term, i) => {
    const key = termKeys(term)[0]!
    return sql`select ${i}::int as i, count(*)::int as n, min(created_at) as last
      from (select w.created_at from job_posting_words w
      where w.word = ${key} and ${termCheck('w', term, key)} and ${walk.regions}
      order by w.created_at desc, w.posting_id desc limit ${DRIVER_PROBE}) t`
  })
  probes.push(
    sql`select -2, (select reltuples from pg_class where oid = 'job_postings_open_idx'::regclass)::int, min(created_at)
      from job_postings where status = 'open'`,
  )
  if (filtered)
    probes.push(
      sql`select -1, count(*)::int, min(created_at) from (select jp.created_at from job_postings jp where ${where}
        order by jp.created_at desc, jp.id desc limit ${DRIVER_PROBE}) r`,
    )
  if (walk.place)
    probes.push(
      sql`select -3, count(*)::int, min(created_at) from (select jp.created_at from job_postings jp where ${walk.place}
        order by jp.created_at desc, jp.id desc limit ${DRIVER_PROBE}) p`,
    )
  const res = await sql<{ i: number; n: number; last: string | null }>`${sql.join(probes, sql` union all `)}`.execute(
    db,
  )
  const now = Date.now()
  const open = res.rows.find((r) => r.i === -2)!
  // The planner's count of open postings (-1 before the first analyze), at least what a side counted.
  const all = Math.max(1, open.n, ...res.rows.filter((r) => r.i !== -2).map((r) => r.n))
  const history = Math.max(1, now - Date.parse(open.last ?? new Date(now).toISOString()))
  // How many open postings a side holds: counted when under 500, else from how far back its 500 newest go.
  const total = (p: { n: number; last: string | null }) =>
    Math.max(
      1,
      p.n < DRIVER_PROBE ? p.n : Math.min(all, (DRIVER_PROBE * history) / Math.max(1, now - Date.parse(p.last!))),
    )
  const sides = res.rows.filter((r) => r.i >= 0).map((r) => ({ i: r.i, total: total(r) }))
  const driving = sides.reduce((a, b) => (b.total < a.total ? b : a))
  const words: WordsDriver = {
    table: REGION_WORDS,
    where: walk.where,
    terms: [terms[driving.i]!, ...terms.filter((_, i) => i !== driving.i)],
  }
  // Shares within the walked regions, as if independent.
  const placeRow = res.rows.find((r) => r.i === -3)
  const inPlace = placeRow ? total(placeRow) : all
  const filtersRow = res.rows.find((r) => r.i === -1)
  const filters = filtersRow ? total(filtersRow) : inPlace
  const share = (n: number) => Math.min(1, n / inPlace)
  const others = sides.filter((s) => s !== driving).reduce((p, s) => p * share(s.total), 1)
  const wordsCost = Math.min(driving.total, (COUNT_CAP + 1) / (share(filters) * others))
  const rowsCost = WORDS_ROW_CHECK_COST * Math.min(filters, (COUNT_CAP + 1) / (share(driving.total) * others))
  return wordsCost <= rowsCost ? words : 'text'
}

/**
 * The other words of a search, for the walked row (alias w): each joins its entry of the same
 * posting under its key (the planner merges the walks, all newest first, or looks each entry up);
 * a word under two keys joins both, and one of them must be there.
 */
function otherTerms(table: WordsTable, terms: WordTerm[]) {
  const joins: RawBuilder<unknown>[] = []
  const found: RawBuilder<boolean>[] = [sql`true`]
  for (const [i, term] of terms.entries()) {
    const keys = termKeys(term)
    const aliases = keys.map((_, k) => `o${i}_${k}`)
    for (const [k, key] of keys.entries()) {
      const o = aliases[k]!
      joins.push(
        sql` ${sql.raw(keys.length === 1 ? 'join' : 'left join')} ${sql.table(table.name)} ${sql.id(o)}
          on ${sql.ref(`${o}.word`)} = ${key} and ${sql.ref(`${o}.${table.shared}`)} = ${sql.ref(`w.${table.shared}`)}
          and ${sql.ref(`${o}.created_at`)} = w.created_at
          and ${sql.ref(`${o}.posting_id`)} = w.posting_id and ${termCheck(o, term, key)}`,
      )
    }
    if (keys.length > 1)
      found.push(
        sql`(${sql.join(
          aliases.map((o) => sql`${sql.ref(`${o}.posting_id`)} is not null`),
          sql` or `,
        )})`,
      )
  }
  return { joins: sql.join(joins, sql``), lookups: sql.join(found, sql` and `) }
}

/** The first 1,001 ids a WordsDriver finds, newest first (a query the caller compiles or runs). */
function wordsIds(db: Kysely<Database>, driver: WordsDriver) {
  const [first, ...others] = driver.terms
  const { joins, lookups } = otherTerms(driver.table, others)
  const walk = (key: string) =>
    sql`select w.posting_id as id, w.created_at from ${sql.table(driver.table.name)} w${joins}
      where w.word = ${key} and ${termCheck('w', first!, key)} and ${driver.where} and ${lookups}
      order by w.created_at desc, w.posting_id desc limit ${COUNT_CAP + 1}`
  const keys = termKeys(first!)
  // Two keys (a stem under other letters than the word): both walks, each stopping at 1,001, merged.
  const walks = keys.length === 1 ? walk(keys[0]!) : sql`(${walk(keys[0]!)}) union (${walk(keys[1]!)})`
  const query = sql<{
    id: number
  }>`select u.id from (${walks}) u order by u.created_at desc, u.id desc limit ${COUNT_CAP + 1}`
  return {
    compile: () => query.compile(db),
    execute: async () => (await query.execute(db)).rows,
  }
}

type WithFts = Kysely<Database & { job_postings_fts: { rowid: number } }>

/**
 * The first 1,001 ids of the postings `where` lets through whose words match `search`, newest
 * first: the count, and the ids of the first 100 pages. `where` holds the other filters.
 */
export function matchingIds(
  db: Kysely<Database>,
  dialect: Dialect,
  where: RawBuilder<boolean>,
  search: string | undefined,
  driver: TextDriver = 'text',
) {
  if (isWordsDriver(driver)) return wordsIds(db, driver)
  const tokens = searchTokens(search ?? '')
  if (dialect === 'sqlite' && tokens.length && driver === 'text') {
    const long = tokens.filter((t) => t.length > INDEXED_PREFIX)
    // CROSS JOIN: SQLite keeps the full-text index as the outer loop, and its rowid order.
    let ids = (db as unknown as WithFts)
      .selectFrom('job_postings_fts as f')
      .crossJoin('job_postings as jp')
      .select('jp.id')
      .where(sql<boolean>`f.job_postings_fts match ${ftsQuery(tokens, true)}`)
      .where(sql<boolean>`jp.search_key = f.rowid`)
      .where(where)
    if (long.length)
      ids = ids.where(sql<boolean>`fleeters_words_start(jp.title, jp.description, ${long.join(' ')}) = 1`)
    return ids.orderBy(sql`f.rowid`, 'desc').limit(COUNT_CAP + 1)
  }
  const condition = searchCondition(search, dialect, driver)
  return db
    .selectFrom('job_postings as jp')
    .select('jp.id')
    .where(condition ? sql<boolean>`${where} and ${condition}` : where)
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .limit(COUNT_CAP + 1)
}

/** A count stops here plus one: the screens read more as «más de 1.000». */
export const COUNT_CAP = POSTINGS_COUNT_CAP

/**
 * How many rows the query finds, up to COUNT_CAP + 1: the database stops reading at the 1,001st
 * instead of counting every match of a broad search.
 */
export function cappedCount<Q extends SelectQueryBuilder<Database, any, any>>(db: Kysely<Database>, query: Q) {
  return db
    .selectFrom(
      query
        .clearSelect()
        .select(sql<number>`1`.as('one'))
        .limit(COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
}

/**
 * One page and the capped count of a search in one pass over the index: `ids` lists the first
 * 1,001 matching ids in the page's order (the count is their number), the page's rows are then
 * read by id. A separate page query let PostgreSQL guess a rare word common and walk the whole
 * newest-first index for 10 rows it did not have; the ids query's LIMIT 1,001 weighs both ways.
 * Pages past the first 1.000 postings run `pastTheCap`, the page query itself.
 */
export async function pageAndCount<R extends { id: number }>(
  ids: { execute(): Promise<Array<{ id: number }>> },
  page: number,
  rowsOf: (ids: number[]) => Promise<R[]>,
  pastTheCap: () => Promise<R[]>,
): Promise<{ rows: R[]; count: number }> {
  const found = (await ids.execute()).map((r) => r.id)
  const offset = offsetOf(page, POSTINGS_PAGE_SIZE)
  if (found.length <= COUNT_CAP || offset + POSTINGS_PAGE_SIZE <= found.length)
    return { rows: await rowsInOrder(found.slice(offset, offset + POSTINGS_PAGE_SIZE), rowsOf), count: found.length }
  return { rows: await pastTheCap(), count: found.length }
}

/** The rows of `ids` (read by rowsOf, in any order) in the order of `ids`. */
export async function rowsInOrder<R extends { id: number }>(
  ids: number[],
  rowsOf: (ids: number[]) => Promise<R[]>,
): Promise<R[]> {
  if (!ids.length) return []
  const at = new Map(ids.map((id, i) => [id, i]))
  return (await rowsOf(ids)).sort((a, b) => at.get(a.id)! - at.get(b.id)!)
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize
}
