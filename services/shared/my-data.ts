import { formatDate } from '#domain/format'
import { inTransaction } from '#services/platform/db/transaction'
import { enqueueEmail, type EmailMessage } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { buildExportZip } from './personal-data'

/**
 * The preparation of a «Mis datos» export (decision 75): its ZIP stored, the request marked done
 * and the owner mailed, for the request that prepares a small account at once
 * (my-data-operations.ts) and for the export job (services/jobs.ts); and where «Mis datos» lives
 * for each kind of account.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** An export's ZIP can be downloaded for this many days after it is ready. */
export const EXPORT_DAYS = 7

/** Where «Mis datos» lives for each kind of account (the mail's link). */
export function myDataPath(role: string): string {
  return role === 'business' ? '/business/dashboard/mis-datos' : '/user/dashboard/settings/mis-datos'
}

function exportReadyMail(to: string, firstname: string, link: string, expires: Date): EmailMessage {
  return {
    to,
    subject: 'Tu copia de datos de Fleeters está lista',
    text: [
      `Hola ${firstname}:`,
      '',
      'La copia de tus datos que pediste está lista. Descárgala desde «Mis datos» (debes iniciar sesión):',
      link,
      '',
      `Podrás descargarla hasta el ${formatDate(expires)}. Después la borraremos; ` +
        `puedes pedir otra cuando quieras, una vez al día.`,
      '',
      'Si no pediste esta copia, cambia tu contraseña en «Seguridad» y escríbenos.',
      '',
      '— Equipo Fleeters',
    ].join('\n'),
  }
}

/**
 * Prepares one pending export: the ZIP is stored first (encrypted by the store), then the request
 * is marked done with its key and expiry and the mail is enqueued, in one transaction. A request
 * another process prepared meanwhile leaves nothing behind (the extra file is removed).
 */
export async function prepareExport(p: Platform, id: number, now: Date): Promise<boolean> {
  const request = await p.db
    .selectFrom('privacy_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'u.email', 'u.firstname', 'u.role'])
    .where('r.id', '=', id)
    .where('r.kind', '=', 'export')
    .where('r.status', '=', 'pending')
    .executeTakeFirst()
  if (!request) return false
  const zip = await buildExportZip(p.db, p.files, p.columns, request.user_id, now)
  const key = await p.files.put('exports', zip, 'zip')
  const expires = new Date(now.getTime() + EXPORT_DAYS * DAY_MS)
  let done = false
  try {
    done = await inTransaction(p.db, async (trx) => {
      const result = await trx
        .updateTable('privacy_requests')
        .set({ status: 'done', answered_at: now.toISOString(), file_key: key, file_expires_at: expires.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) !== 1) return false
      await enqueueEmail(
        trx,
        exportReadyMail(request.email, request.firstname, `${p.publicUrl}${myDataPath(request.role)}`, expires),
        now,
      )
      return true
    })
  } finally {
    if (!done) await p.files.remove(key).catch(() => {})
  }
  if (done) p.wakeOutbox()
  return done
}

/** The export job's run: every pending export, oldest first (a failing one is retried next run). */
export async function prepareExports(p: Platform, now: Date, limit = 20): Promise<number> {
  const pending = await p.db
    .selectFrom('privacy_requests')
    .select('id')
    .where('kind', '=', 'export')
    .where('status', '=', 'pending')
    .orderBy('requested_at')
    .limit(limit)
    .execute()
  let prepared = 0
  for (const r of pending) {
    try {
      if (await prepareExport(p, r.id, now)) prepared++
    } catch {
      // Retried on the next run.
    }
  }
  return prepared
}

/** The run's line for the logs (null: none prepared); prepareExports runs every minute (services/jobs.ts). */
export function describeExportRun(prepared: number): string | null {
  return prepared ? `${prepared} prepared` : null
}
