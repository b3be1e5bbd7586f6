/**
 * The retention periods of domain/privacy.ts, enforced.
 * `runRetention(p, now)` is the whole job: the server runs it on an interval (services/jobs.ts, where
 * the users service runs), `npm run retention` runs it once with any clock (`--dry-run` counts only),
 * and the tests run it under an injected clock. Every period is read from DATA_CATEGORIES by the
 * rule's id (`retentionDays`), so the policy page and the job say the same.
 *
 * - Each rule takes at most `batch` rows per run (500), through an index on the time it compares
 *   (migration 0023); what is left goes in the next run.
 * - Files: the row is changed first (marked purged, or its key nulled) and the file's key written to
 *   `pending_file_removals`, in one transaction; after the commit the file is removed, then its key. A crash
 *   in between leaves a key the next run removes: never a row pointing to a missing file (a screen
 *   would break on it), never a forgotten file.
 * - Idempotent and safe when two processes run it at once: every change is guarded by the state
 *   it changes (`file_purged_at is null`, `file_key = …`), removing a missing file is no error, and
 *   a key is counted by the process whose delete of it took effect.
 * - Not here: closing accounts and deleting closed or inactive ones (the account deletion job).
 */
import { sql, type RawBuilder } from 'kysely'
import { RETENTION_RULE_IDS, retentionDays, type RetentionRuleId } from '#domain/privacy'
import { DOCUMENT_SLOT_KEYS, type DocumentSlotKey } from '#domain/reference-data/documents'
import { inTransaction } from '#services/platform/db/transaction'
import { countQueuedFiles, queueFileRemovals, removeQueuedFiles } from '#services/platform/file-removals'
import type { Platform } from '#services/platform/platform'

export const RETENTION_BATCH = 500
const DAY_MS = 24 * 60 * 60 * 1000

/** Identity and driver documents (the category «Documentos de identidad y de conductor»). */
const IDENTITY_SLOTS = new Set<string>(['hoja_vida_conductor', 'comprobante_domicilio'])
const isIdentity = (k: string) => k.startsWith('cedula_') || k.startsWith('licencia_') || IDENTITY_SLOTS.has(k)
const OWN_RULE = new Set<string>(['certificado_antecedentes', 'autorizacion_dueno_vehiculo'])

/** The slots whose replaced or rejected files each document rule removes (every slot has one rule). */
export const RETIRED_FILE_RULES = {
  'certificate-retired': ['certificado_antecedentes'],
  'power-retired': ['autorizacion_dueno_vehiculo'],
  'documents-retired': DOCUMENT_SLOT_KEYS.filter(isIdentity),
  'vehicle-documents-retired': DOCUMENT_SLOT_KEYS.filter((k) => !isIdentity(k) && !OWN_RULE.has(k)),
} satisfies Partial<Record<RetentionRuleId, readonly DocumentSlotKey[]>>

export interface RetentionRun {
  /** Rows removed or changed (a file purged, a key nulled) per rule; in a dry run, what would be. */
  removed: Record<RetentionRuleId, number>
  /** Files removed from the store (in a dry run: files that would be). */
  files: number
  /** Files whose removal failed this run (the store away): their keys stay for the next run. */
  filesLeft: number
  dryRun: boolean
}

export interface RetentionOptions {
  dryRun?: boolean
  /** Rows per rule and run. */
  batch?: number
}

function cutoff(now: Date, id: RetentionRuleId): string {
  return new Date(now.getTime() - retentionDays(id) * DAY_MS).toISOString()
}

function num(n: bigint | number | string | undefined): number {
  return Number(n ?? 0)
}

export async function runRetention(p: Platform, now: Date, opts: RetentionOptions = {}): Promise<RetentionRun> {
  const batch = opts.batch ?? RETENTION_BATCH
  const dryRun = opts.dryRun ?? false
  const db = p.db
  const ts = now.toISOString()
  const removed = Object.fromEntries(RETENTION_RULE_IDS.map((id) => [id, 0])) as Record<RetentionRuleId, number>
  let wouldRemoveFiles = 0

  // Files of replaced or rejected documents: the row stays (history), marked purged.
  type FileRule = keyof typeof RETIRED_FILE_RULES
  for (const [rule, slots] of Object.entries(RETIRED_FILE_RULES) as Array<[FileRule, readonly string[]]>) {
    const due = db
      .selectFrom('user_files')
      .where('file_purged_at', 'is', null)
      .where('retired_at', 'is not', null)
      .where('retired_at', '<=', cutoff(now, rule))
      .where('purpose_name', 'in', slots)
    if (dryRun) {
      const n = num((await due.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
      removed[rule] = n
      wouldRemoveFiles += n
      continue
    }
    removed[rule] = await inTransaction(db, async (trx) => {
      const rows = await trx
        .updateTable('user_files')
        .set({ file_purged_at: ts })
        .where('id', 'in', due.select('id').orderBy('retired_at').limit(batch))
        .where('file_purged_at', 'is', null)
        .returning(['storage_key'])
        .execute()
      await queueFileRemovals(
        trx,
        rows.map((r) => r.storage_key),
        ts,
      )
      return rows.length
    })
  }

  // The owner's ID images, once the power's PDF was approved, rejected or replaced.
  {
    const since = cutoff(now, 'power-id-images')
    const due = db
      .selectFrom('simple_powers as sp')
      .innerJoin('user_files as f', 'f.id', 'sp.document_file_id')
      .where('sp.id_images_purged_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('f.file_status', '!=', 'PENDING'), eb('f.reviewed_at', '<=', since)]),
          eb('f.retired_at', '<=', since),
        ]),
      )
    if (dryRun) {
      const n = num((await due.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
      removed['power-id-images'] = n
      wouldRemoveFiles += 2 * n
    } else {
      removed['power-id-images'] = await inTransaction(db, async (trx) => {
        const rows = await trx
          .updateTable('simple_powers')
          .set({ id_images_purged_at: ts })
          .where('id', 'in', due.select('sp.id').orderBy('sp.id').limit(batch))
          .where('id_images_purged_at', 'is', null)
          .returning(['id_front_key', 'id_back_key'])
          .execute()
        await queueFileRemovals(
          trx,
          rows.flatMap((r) => [r.id_front_key, r.id_back_key]),
          ts,
        )
        return rows.length
      })
    }
  }

  // Expired ZIPs of «Descargar mis datos»: the key is nulled (the request stays as evidence).
  {
    const since = cutoff(now, 'export-files')
    const due = db
      .selectFrom('privacy_requests')
      .where('file_key', 'is not', null)
      .where('file_expires_at', '<=', since)
    if (dryRun) {
      const n = num((await due.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
      removed['export-files'] = n
      wouldRemoveFiles += n
    } else {
      removed['export-files'] = await inTransaction(db, async (trx) => {
        const rows = await trx
          .selectFrom('privacy_requests')
          .select(['id', 'file_key'])
          .where('file_key', 'is not', null)
          .where('file_expires_at', '<=', since)
          .orderBy('file_expires_at')
          .limit(batch)
          .execute()
        let n = 0
        for (const row of rows) {
          const changed = await trx
            .updateTable('privacy_requests')
            .set({ file_key: null })
            .where('id', '=', row.id)
            .where('file_key', '=', row.file_key!)
            .executeTakeFirst()
          if (num(changed.numUpdatedRows) !== 1) continue
          await queueFileRemovals(trx, [row.file_key!], ts)
          n++
        }
        return n
      })
    }
  }

  // Rows deleted outright, each a bounded delete through the index on the time it compares.
  const deletions: Array<{ rule: RetentionRuleId; table: string; where: RawBuilder<unknown> }> = []
  const sessions = cutoff(now, 'sessions')
  deletions.push({ rule: 'sessions', table: 'sessions', where: sql`expires_at <= ${sessions}` })
  deletions.push({
    rule: 'sessions',
    table: 'sessions',
    where: sql`revoked_at is not null and revoked_at <= ${sessions}`,
  })
  const codes = cutoff(now, 'one-time-codes')
  deletions.push({ rule: 'one-time-codes', table: 'email_verifications', where: sql`expires_at <= ${codes}` })
  deletions.push({ rule: 'one-time-codes', table: 'password_resets', where: sql`expires_at <= ${codes}` })
  const sent = cutoff(now, 'sent-messages')
  deletions.push({ rule: 'sent-messages', table: 'outbox', where: sql`status = 'sent' and sent_at <= ${sent}` })
  deletions.push({ rule: 'sent-messages', table: 'outbox', where: sql`status = 'failed' and created_at <= ${sent}` })
  const forms = cutoff(now, 'public-forms')
  for (const table of ['contact_messages', 'business_contacts', 'fleet_requests', 'inquiries']) {
    deletions.push({ rule: 'public-forms', table, where: sql`created_at <= ${forms}` })
  }
  const applications = cutoff(now, 'applications')
  // An application on a posting still open stays while its company changed its status in the period.
  deletions.push({
    rule: 'applications',
    table: 'applications',
    where: sql`created_at <= ${applications} and (updated_at <= ${applications}
      or posting_id in (select jp.id from job_postings jp where jp.status = 'closed'))`,
  })
  deletions.push({ rule: 'applications', table: 'saved_postings', where: sql`created_at <= ${applications}` })
  // A closed posting, 2 years after its last change (the closing: both ways of closing stamp updated_at;
  // a later edit only keeps it longer). Its applications and saved marks go with it (cascade).
  const closed = cutoff(now, 'closed-postings')
  deletions.push({
    rule: 'closed-postings',
    table: 'job_postings',
    where: sql`status = 'closed' and updated_at <= ${closed}`,
  })

  for (const d of deletions) {
    const table = sql.table(d.table)
    if (dryRun) {
      const row = await sql<{ n: number | string }>`select count(*) as n from ${table} where ${d.where}`.execute(db)
      removed[d.rule] += num(row.rows[0]?.n)
      continue
    }
    const result =
      await sql`delete from ${table} where id in (select id from ${table} where ${d.where} limit ${batch})`.execute(db)
    removed[d.rule] += num(result.numAffectedRows)
  }

  if (dryRun) {
    return { removed, files: wouldRemoveFiles + (await countQueuedFiles(db)), filesLeft: 0, dryRun }
  }
  const { files, filesLeft } = await removeQueuedFiles(p, batch * 8)
  return { removed, files, filesLeft, dryRun }
}

/** One line for the logs and the script: what went, per rule. */
export function describeRun(run: RetentionRun): string {
  const parts = RETENTION_RULE_IDS.filter((id) => run.removed[id]).map((id) => `${id}: ${run.removed[id]}`)
  const files = `${run.files} archivos${run.filesLeft ? ` (${run.filesLeft} pendientes)` : ''}`
  return `${parts.length ? parts.join(', ') : 'nada'}; ${files}`
}

/** The run's line for the logs when it removed anything (null: nothing); the job runs hourly (services/jobs.ts). */
export function describeRetentionRun(r: RetentionRun): string | null {
  return r.files || r.filesLeft || Object.values(r.removed).some(Boolean) ? describeRun(r) : null
}
