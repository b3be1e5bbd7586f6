import {
  invitationPreferenceInputSchema,
  invitationPreferenceSchema,
  invitationPreferenceUpdatedSchema,
} from '#domain/contract/invitations'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { invitationPreference, updateInvitationPreference } from './invitation-preference-operations'
import { driverActor, requireDriver } from './shared'

/**
 * «Quiero que las empresas me inviten» (decision 106). Each handler reads the driver of the
 * session and the validated input, and answers what one operation of
 * invitation-preference-operations.ts returns.
 */
export function invitationPreferenceRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)

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
    async (c) => c.json(await invitationPreference(p, driverActor(c))),
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
    async (c) => c.json(await updateInvitationPreference(p, driverActor(c), c.req.valid('json'))),
  )

  return app
}
