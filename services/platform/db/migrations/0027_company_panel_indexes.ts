import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The company panel's tabs and summary, and the applicants screen's stages, read from indexes
 * (decision 96; a company may have thousands of postings and a posting thousands of applicants):
 *
 * - `job_postings_company_status_idx`: a company's postings of one status, newest first (the
 *   Abiertas / Cerradas tabs and their count), and its open postings with their start date (the
 *   summary's «inician pronto») without reading the rows.
 * - `applications_posting_status_idx`: a posting's applications by stage (the stage tabs' counts,
 *   one stage's list) and whether each was seen (the summary's new and waiting applicants).
 */
export default function companyPanelIndexes(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('job_postings_company_status_idx')
        .on('job_postings')
        .columns(['company_id', 'status', 'created_at', 'id', 'start_date'])
        .execute()
      await db.schema
        .createIndex('applications_posting_status_idx')
        .on('applications')
        .columns(['posting_id', 'status', 'seen_at'])
        .execute()
    },
  }
}
