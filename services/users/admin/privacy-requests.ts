import { okMessageSchema } from '#domain/contract/common'
import { adminPrivacyRequestsSchema } from '#domain/contract/my-data'
import { privacyAnswerSchema, privacyRequestsQuerySchema } from '#domain/validation/my-data'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonBody, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { myDataPath } from '#services/shared/my-data'
import { answerRequest } from '#services/shared/privacy-requests'
import { actorOf, audit } from './shared'

export const PRIVACY_ADMIN_MESSAGES = {
  answered: 'Solicitud marcada como resuelta. Le avisamos por correo a la persona.',
  notFound: 'Solicitud no encontrada.',
  notRectification:
    'Desde la consola solo se responden las solicitudes de rectificación; las demás se resuelven solas.',
  alreadyAnswered: 'Esta solicitud ya fue respondida.',
} as const

/**
 * The console's view of the rights people exercise (Ley 21.719; decision 75): every request with
 * its legal deadline, newest deadline first among the open ones, and the answer to a
 * rectification (the team corrects the data through the usual console pages, then records here
 * what it did: audit row and a mail to the person, in one transaction).
 */
export function adminPrivacyRequestRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/privacy-requests',
      operationId: 'listPrivacyRequests',
      tags,
      summary: 'Las solicitudes de derechos (Ley 21.719) con su plazo legal; ?estado=pendientes solo las abiertas',
      request: { query: privacyRequestsQuerySchema },
      responses: { 200: jsonResponse(adminPrivacyRequestsSchema, 'Solicitudes'), ...errors(401, 403) },
    },
    async (c) => {
      const { estado } = c.req.valid('query')
      let q = p.db
        .selectFrom('privacy_requests as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('companies as co', 'co.user_id', 'u.id')
        .select([
          'r.id',
          'r.user_id',
          'u.role',
          'u.firstname',
          'u.lastname',
          'u.email',
          'co.name as company',
          'r.kind',
          'r.status',
          'r.detail',
          'r.requested_at',
          'r.due_at',
          'r.answered_at',
        ])
      if (estado === 'pendientes') q = q.where('r.status', '=', 'pending')
      const rows = await q.orderBy('r.status', 'desc').orderBy('r.due_at').orderBy('r.id').limit(500).execute()
      return c.json({
        requests: rows.map(({ firstname, lastname, company, ...r }) => ({
          ...r,
          name: company ?? `${firstname} ${lastname}`.trim(),
        })),
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/privacy-requests/{id}/answer',
      operationId: 'answerPrivacyRequest',
      tags,
      summary: 'Marca como resuelta una solicitud de rectificación, con una nota que recibe la persona',
      request: { params: idParams, body: jsonBody(privacyAnswerSchema) },
      responses: { 200: jsonResponse(okMessageSchema, 'Resuelta'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const { note } = c.req.valid('json')
      const who = await actorOf(p, c)
      const now = p.now()
      await inTransaction(p.db, async (trx) => {
        const row = await trx
          .selectFrom('privacy_requests as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .select(['r.id', 'r.kind', 'r.status', 'r.detail', 'u.email', 'u.firstname', 'u.role'])
          .where('r.id', '=', id)
          .executeTakeFirst()
        if (!row) throw new ApiError(404, PRIVACY_ADMIN_MESSAGES.notFound)
        if (row.kind !== 'rectification') throw new ApiError(409, PRIVACY_ADMIN_MESSAGES.notRectification)
        const detail = `${row.detail ?? ''}\n\nRespuesta del equipo: ${note}`.trim()
        if (!(await answerRequest(trx, id, 'done', now, detail)))
          throw new ApiError(409, PRIVACY_ADMIN_MESSAGES.alreadyAnswered)
        await audit(
          trx,
          who,
          {
            action: 'privacy_request.answer',
            entityType: 'privacy_request',
            entityId: id,
            before: { status: row.status },
            after: { status: 'done', note },
          },
          now,
        )
        await enqueueEmail(
          trx,
          {
            to: row.email,
            subject: 'Respondimos tu solicitud de corrección de datos',
            text: [
              `Hola ${row.firstname}:`,
              '',
              'Revisamos tu solicitud de corrección de datos. Esto es lo que hicimos:',
              '',
              note,
              '',
              `Puedes ver tus solicitudes en «Mis datos»: ${p.publicUrl}${myDataPath(row.role)}`,
              '',
              '— Equipo Fleeters',
            ].join('\n'),
          },
          now,
        )
      })
      p.wakeOutbox()
      return c.json({ message: PRIVACY_ADMIN_MESSAGES.answered })
    },
  )

  return app
}
