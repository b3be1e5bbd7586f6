import type { MyData } from '#domain/contract/my-data'
import { formatDate, formatDateTime } from '#domain/format'
import { RIGHTS_ANSWER_DAYS } from '#domain/privacy'
import type { RectificationValues } from '#domain/validation/my-data'
import type { AuthContext } from '#services/platform/auth'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { prepareExport } from './my-data'
import { openRequest } from './privacy-requests'
import { teamMail } from './team-mail'

/**
 * «Mis datos» (Ley 21.719 access, portability and rectification; decision 75) as operations
 * `(platform, account, input) → result`, the same for a driver and a company: the account's state
 * and its requests, a copy of its data, that copy's ZIP and a rectification request. Each account
 * reaches only its own requests; another account's request id is a 404 like one that does not
 * exist. The export's preparation, shared with the export job, is my-data.ts's (prepareExport).
 * The routes (my-data-routes.ts) read the session and the validated input and answer with the
 * result; tests and scripts call the operations directly.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** One export per person in this window. */
const EXPORT_EVERY_MS = DAY_MS
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

/** Who acts: the account of the session, a driver's or a company's. */
export type MyDataActor = Pick<AuthContext, 'userId'>

/**
 * The account's state (pause, opposition, deletion), its latest 100 requests, newest first, each
 * export saying whether its ZIP can be downloaded now, and when a new export can be asked for
 * (null: now).
 */
export async function readMyData(p: Pick<Platform, 'db' | 'now'>, account: MyDataActor): Promise<MyData> {
  const { userId } = account
  const now = p.now()
  const [state, rows] = await Promise.all([
    p.db
      .selectFrom('users')
      .select(['paused_at', 'opted_out_at', 'deletion_due_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    p.db
      .selectFrom('privacy_requests')
      .select(['id', 'kind', 'status', 'detail', 'requested_at', 'answered_at', 'file_key', 'file_expires_at'])
      .where('user_id', '=', userId)
      .orderBy('requested_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
  ])
  const lastExport = rows.find((r) => r.kind === 'export' && r.status !== 'cancelled')
  const next = lastExport ? Date.parse(lastExport.requested_at) + EXPORT_EVERY_MS : 0
  return {
    account: state,
    requests: rows.map(({ file_key, ...r }) => ({
      ...r,
      downloadable:
        r.kind === 'export' &&
        r.status === 'done' &&
        file_key !== null &&
        r.file_expires_at !== null &&
        r.file_expires_at > now.toISOString(),
    })),
    next_export_at: next > now.getTime() ? new Date(next).toISOString() : null,
  }
}

/**
 * «Descargar mis datos»: logs an export request, at most one per EXPORT_EVERY_MS (429 with the
 * time of the next one). Small accounts are prepared within the request; larger ones stay pending
 * for the export job (services/jobs.ts). The request, its state and the message that says it.
 */
export async function requestDataExport(
  p: Platform,
  account: MyDataActor,
): Promise<{ id: number; status: 'pending' | 'done'; message: string }> {
  const { userId } = account
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
  const status = await prepareAtOnce(p, userId, id, now)
  return { id, status, message: status === 'done' ? MY_DATA_MESSAGES.exportReady : MY_DATA_MESSAGES.exportQueued }
}

/** Prepares a new export within the request when the account's stored files are small: its state after. */
async function prepareAtOnce(p: Platform, userId: number, id: number, now: Date): Promise<'pending' | 'done'> {
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
  if (Number(docs.n) + Number(photos.n) > EXPORT_AT_ONCE_MAX_BYTES) return 'pending'
  try {
    return (await prepareExport(p, id, now)) ? 'done' : 'pending'
  } catch {
    // The store or the database failed meanwhile: the request stays pending and the job retries it.
    return 'pending'
  }
}

/**
 * The ZIP of one of the account's exports and the name it is offered under, while it can be
 * downloaded; 404 for another account's request, one not ready, expired or without its file.
 */
export async function dataExportFile(
  p: Pick<Platform, 'db' | 'files' | 'now'>,
  account: MyDataActor,
  { id }: { id: number },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await p.db
    .selectFrom('privacy_requests')
    .select(['file_key', 'file_expires_at', 'requested_at'])
    .where('id', '=', id)
    .where('user_id', '=', account.userId)
    .where('kind', '=', 'export')
    .where('status', '=', 'done')
    .executeTakeFirst()
  const live = row?.file_key && row.file_expires_at && row.file_expires_at > p.now().toISOString()
  const bytes = live ? await p.files.get(row.file_key!) : null
  if (!bytes) throw new ApiError(404, MY_DATA_MESSAGES.exportNotAvailable)
  const day = row!.requested_at.slice(0, 10)
  return { bytes, filename: `fleeters-mis-datos-${day}.zip` }
}

/**
 * «Corregir datos que no puedes editar»: logs a rectification request and mails the team, in one
 * transaction; the console answers it (POST /admin/privacy-requests/{id}/answer).
 */
export async function requestRectification(
  p: Platform,
  account: MyDataActor,
  { detail }: RectificationValues,
): Promise<{ message: string; id: number }> {
  const { userId } = account
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
  return { message: MY_DATA_MESSAGES.rectificationLogged, id }
}
