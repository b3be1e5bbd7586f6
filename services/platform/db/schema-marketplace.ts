/**
 * Tables of the marketplace (see migrations/0004_marketplace.ts). The marketplace uses the
 * foundation's companies, job_postings, applications and saved_postings; 0004 adds indexes and
 * job_postings.search_text, a generated column (folded title + description) that only the search
 * reads, through sql, so it is not declared here (nobody writes it).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MarketplaceTables {}
