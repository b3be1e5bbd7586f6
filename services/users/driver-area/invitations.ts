import {
  invitationPreferenceInputSchema,
  invitationPreferenceSchema,
  invitationPreferenceUpdatedSchema,
} from '#domain/contract/invitations'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { requireDriver } from './shared'

export const INVITATION_PREFERENCE_MESSAGES = {
  on: 'Listo: las empresas con publicaciones que calzan contigo podrán invitarte a postular.',
  off: 'Listo: las empresas ya no te invitarán a postular.',
} as const

/**
 * «Quiero que las empresas me inviten» (decision 106): off until the driver turns it on. Only a
 * driver who turned it on is counted in a company's matching drivers and invited.
 */
export function invitationPreferenceRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)
  const preferenceOf = async (userId: number) => {
    const u = await p.db
      .selectFrom('users')
      .select(['invitations_opt_in_at', 'opted_out_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return { invitations: u.invitations_opt_in_at !== null, opposed: u.opted_out_at !== null }
  }

  defineRoute(
    app,
    {
      method: 'get',
      path: '/invitation-preference',
      operationId: 'getInvitationPreference',
      tags,
      summary: 'Si el conductor quiere que las empresas lo inviten a postular',
      middleware: [auth],
      responses: { 200: jsonResponse(invitationPreferenceSchema, 'Preferencia'), ...errors(401, 403) },
    },
    async (c) => c.json(await preferenceOf(c.get('auth').userId)),
  )

  defineRoute(
    app,
    {
      method: 'put',
      path: '/invitation-preference',
      operationId: 'updateInvitationPreference',
      tags,
      summary: 'Activa o desactiva las invitaciones a postular de las empresas',
      middleware: [auth],
      request: { body: jsonBody(invitationPreferenceInputSchema) },
      responses: {
        200: jsonResponse(invitationPreferenceUpdatedSchema, 'Preferencia guardada'),
        ...errors(400, 401, 403),
      },
    },
    async (c) => {
      const userId = c.get('auth').userId
      const { invitations } = c.req.valid('json')
      // Turning it on again keeps the first moment it was on: the consent's date stays true.
      if (invitations)
        await p.db
          .updateTable('users')
          .set({ invitations_opt_in_at: p.now().toISOString() })
          .where('id', '=', userId)
          .where('invitations_opt_in_at', 'is', null)
          .execute()
      else await p.db.updateTable('users').set({ invitations_opt_in_at: null }).where('id', '=', userId).execute()
      return c.json({
        message: invitations ? INVITATION_PREFERENCE_MESSAGES.on : INVITATION_PREFERENCE_MESSAGES.off,
        ...(await preferenceOf(userId)),
      })
    },
  )

  return app
}
