import type { AccountPrivacyState } from '#domain/contract/users'
import { verifyPassword } from '#services/platform/crypto'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { openRequest } from '#services/shared/privacy-requests'
import { deletionDueFrom, scheduleDeletion } from './account-closure'

/**
 * What the owner of an account asks for on «Mis datos» as operations `(platform, account, input) →
 * result` (Ley 21.719: supresión, bloqueo, oposición; decision 76): the account's state, a request
 * to delete it, the opt-out of non-essential mails, and a driver's pause. Every change logs a
 * privacy request in the transaction that makes it. A deletion's effects are account-closure.ts's
 * (scheduleDeletion), shared with the inactivity job. The routes (account-closure-routes.ts) read
 * the session and the validated input and answer with the result; tests and scripts call the
 * operations directly.
 */

export const ACCOUNT_CLOSURE_SERVICE_MESSAGES = {
  wrongPassword: 'La contraseña es incorrecta.',
  deletionRequested:
    'Pediste eliminar tu cuenta. Cerramos tu sesión; si cambias de opinión, inicia sesión antes de la fecha indicada.',
  alreadyDue: 'Tu cuenta ya tiene una eliminación pendiente.',
  paused: 'Pausaste tu perfil: las empresas ya no lo ven.',
  resumed: 'Reanudaste tu perfil: las empresas vuelven a verlo.',
  optedOut: 'Listo: ya no te enviaremos correos no esenciales.',
  optedIn: 'Listo: volverás a recibir los correos no esenciales.',
  unchanged: 'No hubo cambios.',
} as const

const M = ACCOUNT_CLOSURE_SERVICE_MESSAGES

/** Who acts: the account of the session, a driver's or a company's. */
export interface AccountActor {
  userId: number
}

/** Whether the account is paused, opted out of non-essential mails, and when its deletion is due; 401 for none. */
export async function readPrivacyState(p: Pick<Platform, 'db'>, account: AccountActor): Promise<AccountPrivacyState> {
  const row = await p.db
    .selectFrom('users')
    .select(['paused_at', 'opted_out_at', 'deletion_due_at'])
    .where('id', '=', account.userId)
    .executeTakeFirst()
  if (!row) throw new ApiError(401, MESSAGES.unauthorized)
  return row
}

/**
 * Asks for the account's deletion with its password (400 when wrong): the account closes at once
 * and is erased after the grace period (scheduleDeletion, with the mail saying how to cancel). 409
 * when a deletion is already due; 401 for an account gone.
 */
export async function requestAccountDeletion(
  p: Platform,
  account: AccountActor,
  { current_password }: { current_password: string },
): Promise<{ message: string; deletion_due_at: string }> {
  const user = await p.db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'firstname', 'password_hash', 'deletion_due_at'])
    .where('id', '=', account.userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(401, MESSAGES.unauthorized)
  if (!(await verifyPassword(current_password, user.password_hash))) throw new ApiError(400, M.wrongPassword)
  const now = p.now()
  const dueAt = deletionDueFrom(now)
  await inTransaction(p.db, async (trx) => {
    const fresh = await trx
      .selectFrom('users')
      .select('deletion_due_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    if (fresh.deletion_due_at) throw new ApiError(409, M.alreadyDue)
    await scheduleDeletion(trx, p, user, now, { dueAt, mail: true })
  })
  p.wakeOutbox()
  return { message: M.deletionRequested, deletion_due_at: dueAt.toISOString() }
}

/** Opts the account out of non-essential mails (or back in); the same choice again changes and logs nothing. */
export async function setEmailOptOut(
  p: Pick<Platform, 'db' | 'now'>,
  account: AccountActor,
  { opted_out }: { opted_out: boolean },
): Promise<AccountPrivacyState & { message: string }> {
  const { userId } = account
  const now = p.now()
  const changed = await inTransaction(p.db, async (trx) => {
    const res = await trx
      .updateTable('users')
      .set({ opted_out_at: opted_out ? now.toISOString() : null })
      .where('id', '=', userId)
      .where('opted_out_at', opted_out ? 'is' : 'is not', null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    const detail = opted_out ? 'Se opuso a los correos no esenciales.' : 'Volvió a aceptar los correos no esenciales.'
    await openRequest(trx, { userId, kind: 'opposition', now, status: 'done', detail })
    return true
  })
  const message = !changed ? M.unchanged : opted_out ? M.optedOut : M.optedIn
  return { message, ...(await readPrivacyState(p, account)) }
}

/**
 * Pauses a driver's profile (or resumes it): companies stop seeing it and it cannot apply. The same
 * choice again changes and logs nothing.
 */
export async function setDriverPause(
  p: Pick<Platform, 'db' | 'now'>,
  driver: AccountActor,
  { paused }: { paused: boolean },
): Promise<AccountPrivacyState & { message: string }> {
  const { userId } = driver
  const now = p.now()
  const changed = await inTransaction(p.db, async (trx) => {
    const res = await trx
      .updateTable('users')
      .set({ paused_at: paused ? now.toISOString() : null })
      .where('id', '=', userId)
      .where('paused_at', paused ? 'is' : 'is not', null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    await openRequest(trx, {
      userId,
      kind: 'blocking',
      now,
      status: 'done',
      detail: paused ? 'Perfil pausado.' : 'Perfil reanudado.',
    })
    return true
  })
  const message = !changed ? M.unchanged : paused ? M.paused : M.resumed
  return { message, ...(await readPrivacyState(p, driver)) }
}
