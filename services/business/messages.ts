import { bulkMessageSentSchema, messageSentSchema, threadSchema } from '#domain/contract/messages'
import { bulkThreadMessageSchema, threadMessageSchema } from '#domain/validation/application-messages'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { companyActor } from './company-context'
import { messageApplicants, readCompanyThread, sendCompanyMessage } from './message-operations'

/**
 * The company's side of an application's thread (decision 105): read it, write in it, and write
 * one message to several applicants of a posting at once (decision 108). Each handler reads the
 * company of the session and the validated input, and answers what one operation of
 * message-operations.ts returns.
 */
export function companyMessageRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Empresas']
  const auth = requireRole(p, 'business')

  defineRoute(
    app,
    {
      method: 'get',
      path: '/applications/{id}/messages',
      operationId: 'getCompanyThread',
      tags,
      summary: 'La conversación con el postulante de una postulación; lo que respondió queda leído',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: jsonResponse(threadSchema, 'La conversación'), ...errors(401, 403, 404) },
    },
    async (c) => c.json(await readCompanyThread(p, await companyActor(p, c), c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/applications/{id}/messages',
      operationId: 'sendCompanyMessage',
      tags,
      summary: 'Escribe al postulante en la conversación de su postulación (le llega un aviso)',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(threadMessageSchema) },
      responses: { 201: jsonResponse(messageSentSchema, 'Mensaje enviado'), ...errors(400, 401, 403, 404, 429) },
    },
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') }
      return c.json(await sendCompanyMessage(p, await companyActor(p, c), input), 201)
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/job-postings/{id}/applicants-messages',
      operationId: 'messageApplicants',
      tags,
      summary:
        'Escribe un mismo mensaje en la conversación de cada postulante seleccionado de una oferta ' +
        '(a cada uno le llega su aviso): a todos o a ninguno',
      middleware: [auth],
      request: { params: idParams, body: jsonBody(bulkThreadMessageSchema) },
      responses: {
        201: jsonResponse(bulkMessageSentSchema, 'Mensajes enviados'),
        ...errors(400, 401, 403, 404, 429),
      },
    },
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') }
      return c.json(await messageApplicants(p, await companyActor(p, c), input), 201)
    },
  )

  return app
}
