import type { StaffRoleValues } from '#domain/validation/staff'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { audit, type Actor } from './shared'

/**
 * «Equipo» (decision 77) as operations `(platform, actor, input) → result`: the console's accounts
 * with their roles, and a change of one account's role, audited in its own transaction. The routes
 * (staff.ts) read the admin and the validated input and answer with the result; tests and scripts
 * call the operations directly.
 */

export const STAFF_MESSAGES = {
  roleChanged: 'Rol actualizado.',
  ownRole: 'No puedes cambiar tu propio rol: pídeselo a otro administrador.',
} as const

/**
 * The console's accounts by email, each with its role (revisor when none is set) and whether its
 * second factor is on.
 */
export async function listStaff(p: Pick<Platform, 'db'>) {
  const rows = await p.db
    .selectFrom('users')
    .leftJoin('totp_factors', 'totp_factors.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.firstname',
      'users.lastname',
      'users.staff_role',
      'users.created_at',
      'totp_factors.confirmed_at',
    ])
    .where('users.role', '=', 'admin')
    .orderBy('users.email')
    .execute()
  return {
    staff: rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstname: r.firstname,
      lastname: r.lastname,
      staff_role: r.staff_role ?? 'revisor',
      factor_enabled: Boolean(r.confirmed_at),
      created_at: r.created_at,
    })),
  }
}

/**
 * Gives a console account a role, audited with the one it had; the same role again changes nothing
 * and logs nothing. Nobody changes their own role (409): another administrador does. 404 for an id
 * that is no console account.
 */
export async function changeStaffRole(
  p: Pick<Platform, 'db' | 'now'>,
  who: Actor,
  { id, role }: { id: number } & StaffRoleValues,
): Promise<{ message: string }> {
  if (id === who.userId) throw new ApiError(409, STAFF_MESSAGES.ownRole)
  const now = p.now()
  await inTransaction(p.db, async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select(['id', 'staff_role'])
      .where('id', '=', id)
      .where('role', '=', 'admin')
      .executeTakeFirst()
    if (!row) throw new ApiError(404, MESSAGES.notFound)
    if (row.staff_role === role) return
    await trx
      .updateTable('users')
      .set({ staff_role: role, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute()
    await audit(
      trx,
      who,
      {
        action: 'staff.role',
        entityType: 'user',
        entityId: id,
        before: { staff_role: row.staff_role },
        after: { staff_role: role },
      },
      now,
    )
  })
  return { message: STAFF_MESSAGES.roleChanged }
}
