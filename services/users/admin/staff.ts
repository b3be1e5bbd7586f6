import { okMessageSchema } from '#domain/contract/common'
import { staffListSchema } from '#domain/contract/staff'
import { staffRoleSchema } from '#domain/validation/staff'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { actorOf, audit, requireRecentAuth } from './shared'

export const STAFF_MESSAGES = {
  roleChanged: 'Rol actualizado.',
  ownRole: 'No puedes cambiar tu propio rol: pídeselo a otro administrador.',
} as const

/** «Equipo» (decision 77): the console's accounts and their roles; administradores only (index.ts). */
export function adminStaffRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/staff',
      operationId: 'listStaff',
      tags,
      summary: 'Las cuentas de la consola, su rol y si activaron la verificación en dos pasos',
      responses: { 200: jsonResponse(staffListSchema, 'Equipo'), ...errors(401, 403) },
    },
    async (c) => {
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
      return c.json({
        staff: rows.map((r) => ({
          id: r.id,
          email: r.email,
          firstname: r.firstname,
          lastname: r.lastname,
          staff_role: r.staff_role ?? 'revisor',
          factor_enabled: Boolean(r.confirmed_at),
          created_at: r.created_at,
        })),
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/staff/{id}/role',
      operationId: 'changeStaffRole',
      tags,
      summary:
        'Cambia el rol de una cuenta de la consola (pide haber confirmado la identidad en los últimos 10 minutos)',
      middleware: [requireRecentAuth(p)],
      request: { params: idParams, body: jsonBody(staffRoleSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Rol cambiado'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const { role } = c.req.valid('json')
      const who = await actorOf(p, c)
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
      return c.json({ message: STAFF_MESSAGES.roleChanged })
    },
  )

  return app
}
