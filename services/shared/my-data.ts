import { formatDate, formatDateTime } from '#domain/format'
import { RIGHTS_ANSWER_DAYS } from '#domain/privacy'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import { enqueueEmail, type EmailMessage } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { buildExportZip } from './personal-data'
import { openRequest } from './privacy-requests'
import { teamMail } from './team-mail'

const DAY_MS = 24 * 60 * 60 * 1000
/** An export's ZIP can be downloaded for this many days after it is ready. */
export const EXPORT_DAYS = 7
/** One export per person in this window. */
export const EXPORT_EVERY_MS = DAY_MS
/** Accounts whose stored files weigh at most this are prepared within the request. */
export const EXPORT_AT_ONCE_MAX_BYTES = 8 * 1024 * 1024

export const MY_DATA_MESSAGES = {
  exportReady: 'Tu copia está lista: descárgala con «Descargar ZIP».',
  exportQueued: 'Estamos preparando tu copia. Te avisaremos por correo cuando esté lista.',
  exportTooSoon: (next: Date) =>
    `Ya pediste una copia de tus datos en las últimas 24 horas. Podrás pedir otra desde el ${formatDateTime(next)}.`,
  exportNotAvailable: 'Esta copia no existe o ya no está disponible. Pide una nueva desde «Mis datos».',
  rectificationLogged: 'Recibimos tu solicitud. El equipo la revisará y te responderá por correo.',
} as const

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
 * «Descargar mis datos» (decision 75): logs an export request, at most one per EXPORT_EVERY_MS
 * (429 with the time of the next one). Small accounts are prepared within the request; larger
 * ones stay pending for the export job (services/jobs.ts). Returns the request and its state.
 */
export async function requestExport(p: Platform, userId: number): Promise<{ id: number; status: 'pending' | 'done' }> {
  const now = p.now()
  const id = await inTransaction(p.db, async (trx) => {
    await lockUser(trx, p.dialect, userId)
    const last = await trx
      .selectFrom('privacy_requests')
      .select('requested_at')
      .where('user_id', '=', userId)
      .where('kind', '=', 'export')
      .where('status', '!=', 'cancelled')
      .where('requested_at', '>', new Date(now.getTime() - EXPORT_EVERY_MS).toISOString())
      .orderBy('requested_at', 'desc')
      .executeTakeFirst()
    if (last)
      throw new ApiError(429, MY_DATA_MESSAGES.exportTooSoon(new Date(Date.parse(last.requested_at) + EXPORT_EVERY_MS)))
    return openRequest(trx, { userId, kind: 'export', now })
  })
  const [docs, photos] = await Promise.all([
    p.db
      .selectFrom('user_files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.val(0)).as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    p.db
      .selectFrom('profile_images')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.val(0)).as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  if (Number(docs.n) + Number(photos.n) > EXPORT_AT_ONCE_MAX_BYTES) return { id, status: 'pending' }
  try {
    return { id, status: (await prepareExport(p, id, now)) ? 'done' : 'pending' }
  } catch {
    // The store or the database failed meanwhile: the request stays pending and the job retries it.
    return { id, status: 'pending' }
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

/**
 * «Corregir datos que no puedes editar»: logs a rectification request and mails the team, in one
 * transaction; the console answers it (POST /admin/privacy-requests/{id}/answer).
 */
export async function requestRectification(p: Platform, userId: number, detail: string): Promise<number> {
  const now = p.now()
  const id = await inTransaction(p.db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['email', 'firstname', 'lastname', 'role'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const requestId = await openRequest(trx, { userId, kind: 'rectification', now, detail })
    const mail = teamMail(
      p.config.TEAM_EMAIL,
      `Solicitud de rectificación de datos #${requestId}`,
      [
        ['Cuenta', `${user.role === 'business' ? 'Empresa' : 'Conductor'} #${userId}`],
        ['Nombre', `${user.firstname} ${user.lastname}`],
        ['Correo', user.email],
        ['Plazo legal', formatDate(new Date(now.getTime() + RIGHTS_ANSWER_DAYS * DAY_MS))],
      ],
      detail,
    )
    await enqueueEmail(trx, mail, now)
    return requestId
  })
  p.wakeOutbox()
  return id
}
