import { bulkMessageSentSchema, messageSentSchema, threadSchema } from '#domain/contract/messages'
import {
  bulkMessageSent,
  bulkThreadMessageSchema,
  THREAD_MESSAGES,
  threadMessageSchema,
} from '#domain/validation/application-messages'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import {
  limitCompanyBulk,
  limitSender,
  postingThreadRefs,
  readThread,
  threadRef,
  writeCompanyMessages,
  writeMessage,
} from '#services/shared/application-messages'
import { currentCompany } from './company-context'

/**
 * The company's side of an application's thread (decision 105): read it, write in it, and write
 * one message to several applicants of a posting at once (decision 108).
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
    async (c) => {
      const company = await currentCompany(p, c)
      const ref = await threadRef(p.db, c.req.valid('param').id, { company: company.id })
      return c.json(await readThread(p.db, ref, 'company', p.now()))
    },
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
      const company = await currentCompany(p, c)
      const ref = await threadRef(p.db, c.req.valid('param').id, { company: company.id })
      await limitSender(p, 'company', company.id)
      const id = await writeMessage(
        p,
        ref,
        { sender: 'company', senderUserId: c.get('auth').userId, body: c.req.valid('json').body },
        p.now(),
      )
      return c.json({ message: THREAD_MESSAGES.sent, id_message: id }, 201)
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
      const company = await currentCompany(p, c)
      const { applications, body } = c.req.valid('json')
      // Every one must be an applicant of this posting of this company, still visible: else 404, nothing written.
      const refs = await postingThreadRefs(p.db, c.req.valid('param').id, company.id, applications)
      await limitCompanyBulk(p, company.id, refs.length)
      const ids = await writeCompanyMessages(p, refs, { senderUserId: c.get('auth').userId, body }, p.now())
      return c.json({ message: bulkMessageSent(ids.length), sent: ids.length }, 201)
    },
  )

  return app
}
