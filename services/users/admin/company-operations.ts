import type { z } from 'zod'
import { ADMIN_MESSAGES, type companyVerificationSchema, type PostingClose } from '#domain/validation/admin'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { auditEntries } from './audit-names'
import { postingClosedByAdminMail } from './mails'
import { audit, likePattern, type Actor } from './shared'

/**
 * The console's companies as operations `(platform, actor, input) → result`: the list and its
 * search, one company with its postings and the team's actions on them, the verification flag,
 * and closing a posting on the company's behalf. Every change is audited in its own transaction.
 * The routes (companies.ts) read the admin and the validated input and answer with the result;
 * tests and scripts call the operations directly.
 */

/** One company or posting, by the id of the call's path. */
interface ById {
  id: number
}

/** The companies, by name, up to 200: all, or those whose name, email or RUT contains `q` (up to 100 characters). */
export async function listCompanies(p: Pick<Platform, 'db'>, { q }: { q?: string }) {
  const term = (q ?? '').trim().slice(0, 100)
  let query = p.db.selectFrom('companies as co').select([
    'co.id',
    'co.name',
    'co.rut',
    'co.email',
    'co.phone',
    'co.contact_name',
    'co.logo_url',
    'co.verified',
    'co.created_at',
    (eb) =>
      eb
        .selectFrom('job_postings as jp')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('jp.company_id', '=', 'co.id')
        .as('postings'),
    (eb) =>
      eb
        .selectFrom('job_postings as jp')
        .select((e) => e.fn.countAll<string | number>().as('n'))
        .whereRef('jp.company_id', '=', 'co.id')
        .where('jp.status', '=', 'open')
        .as('open_postings'),
  ])
  if (term) {
    const like = likePattern(term)
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['co.name']), 'like', like),
        eb(eb.fn('lower', ['co.email']), 'like', like),
        eb(eb.fn('lower', ['co.rut']), 'like', like),
      ]),
    )
  }
  const rows = await query.orderBy('co.name').orderBy('co.id').limit(200).execute()
  return {
    companies: rows.map((r) => ({
      ...r,
      verified: r.verified === 1,
      postings: Number(r.postings ?? 0),
      open_postings: Number(r.open_postings ?? 0),
    })),
  }
}

/** One company with its postings (newest first, up to 500) and the team's last 50 actions on them; 404 for none. */
export async function readCompany(p: Pick<Platform, 'db'>, { id }: ById) {
  const company = await p.db
    .selectFrom('companies as co')
    .leftJoin('communes as cm', 'cm.id_commune', 'co.id_commune')
    .select([
      'co.id',
      'co.name',
      'co.rut',
      'co.email',
      'co.phone',
      'co.contact_name',
      'co.logo_url',
      'co.verified',
      'co.created_at',
      'cm.name_commune',
    ])
    .where('co.id', '=', id)
    .executeTakeFirst()
  if (!company) throw new ApiError(404, MESSAGES.notFound)
  const postings = await p.db
    .selectFrom('job_postings as jp')
    .innerJoin('communes as cm', 'cm.id_commune', 'jp.id_commune')
    .select([
      'jp.id',
      'jp.title',
      'jp.status',
      'jp.created_at',
      'jp.updated_at',
      'cm.name_commune',
      (eb) =>
        eb
          .selectFrom('applications as a')
          .select((e) => e.fn.countAll<string | number>().as('n'))
          .whereRef('a.posting_id', '=', 'jp.id')
          .as('applicants'),
    ])
    .where('jp.company_id', '=', id)
    .orderBy('jp.created_at', 'desc')
    .orderBy('jp.id', 'desc')
    .limit(500)
    .execute()
  // What the team did to the company and to its postings, newest first.
  const log = await p.db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('entity_type', '=', 'company'), eb('entity_id', '=', id)]),
        eb.and([
          eb('entity_type', '=', 'job_posting'),
          eb('entity_id', 'in', eb.selectFrom('job_postings').select('id').where('company_id', '=', id)),
        ]),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  return {
    company: { ...company, verified: company.verified === 1 },
    postings: postings.map((r) => ({ ...r, applicants: Number(r.applicants ?? 0) })),
    audit: await auditEntries(p.db, log),
  }
}

/** Marks or unmarks a company as verified, audited with what it was; 404 for none. */
export async function setCompanyVerified(
  p: Pick<Platform, 'db' | 'now'>,
  who: Actor,
  { id, verified }: ById & z.output<typeof companyVerificationSchema>,
): Promise<{ message: string; verified: boolean }> {
  const now = p.now()
  await inTransaction(p.db, async (trx) => {
    const row = await trx.selectFrom('companies').select(['id', 'verified']).where('id', '=', id).executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    await trx
      .updateTable('companies')
      .set({ verified: verified ? 1 : 0 })
      .where('id', '=', id)
      .execute()
    await audit(
      trx,
      who,
      {
        action: verified ? 'company.verify' : 'company.unverify',
        entityType: 'company',
        entityId: id,
        before: { verified: row.verified === 1 },
        after: { verified },
      },
      now,
    )
  })
  return { message: verified ? ADMIN_MESSAGES.verified : ADMIN_MESSAGES.unverified, verified }
}

/**
 * Closes a posting on the company's behalf, for a reason: only an open posting changes, and then,
 * in the same transaction, the change is logged with the reason and the company is mailed the
 * reason (Reply-To: the team). `changed`: false for one closed already; 404 for none.
 */
export async function closePostingByStaff(
  p: Platform,
  who: Actor,
  { id, reason }: ById & PostingClose,
): Promise<{ message: string; status: 'closed'; changed: boolean }> {
  const now = p.now()
  const ts = now.toISOString()
  const changed = await inTransaction(p.db, async (trx) => {
    const row = await trx
      .selectFrom('job_postings as jp')
      .innerJoin('companies as co', 'co.id', 'jp.company_id')
      .select([
        'jp.id',
        'jp.status',
        'jp.company_id',
        'jp.title',
        'co.name as company_name',
        'co.email as company_email',
      ])
      .where('jp.id', '=', id)
      .executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    const res = await trx
      .updateTable('job_postings')
      .set({ status: 'closed', updated_at: ts })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    await audit(
      trx,
      who,
      {
        action: 'posting.close',
        entityType: 'job_posting',
        entityId: id,
        before: { status: row.status },
        after: { status: 'closed', company_id: row.company_id, reason },
      },
      now,
    )
    await enqueueEmail(
      trx,
      postingClosedByAdminMail(row.company_email, {
        companyName: row.company_name,
        postingTitle: row.title,
        reason,
        link: `${p.publicUrl}/business/dashboard`,
        replyTo: p.config.TEAM_EMAIL,
      }),
      now,
    )
    return true
  })
  if (changed) p.wakeOutbox()
  return {
    message: changed ? ADMIN_MESSAGES.postingClosed : ADMIN_MESSAGES.postingAlreadyClosed,
    status: 'closed',
    changed,
  }
}
