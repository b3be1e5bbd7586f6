import { invitationsSentSchema, postingMatchesSchema } from '#domain/contract/invitations'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { companyActor } from './company-context'
import { DAILY_INVITATION_CAP, inviteMatchingDrivers, postingMatches } from './invitation-operations'

/**
 * The invitations routes of a company's posting: the counts it may see, and «Invitar a postular».
 * Each handler reads the company of the session and the posting's id, and answers what one
 * operation of invitation-operations.ts returns.
 */
export function invitationRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Empresas']
  const auth = requireRole(p, 'business')

  defineRoute(
    app,
    {
      method: 'get',
      path: '/job-postings/{id}/matching-drivers',
      operationId: 'getPostingMatches',
      tags,
      summary:
        'Cuántos conductores validados que aceptan invitaciones calzan con la publicación, y cuántos se invitaron ' +
        '(solo cifras: nunca quiénes)',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: jsonResponse(postingMatchesSchema, 'Cifras de la publicación'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await postingMatches(p, await companyActor(p, c), c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/job-postings/{id}/invitations',
      operationId: 'inviteMatchingDrivers',
      tags,
      summary:
        'Invita a postular a los conductores validados que calzan con la publicación y aún no fueron invitados, ' +
        `hasta ${DAILY_INVITATION_CAP} invitaciones por día por empresa`,
      middleware: [auth],
      request: { params: idParams },
      responses: {
        200: jsonResponse(invitationsSentSchema, 'Invitaciones enviadas, y las cifras que quedan'),
        ...errors(401, 403, 404, 409, 429),
      },
    },
    async (c) => c.json(await inviteMatchingDrivers(p, await companyActor(p, c), c.req.valid('param'))),
  )

  return app
}
