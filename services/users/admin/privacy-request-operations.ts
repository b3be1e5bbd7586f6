import type { z } from 'zod'
import type { PrivacyAnswerValues, privacyRequestsQuerySchema } from '#domain/validation/my-data'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import { enqueueEmail } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'
import { myDataPath } from '#services/shared/my-data'
import { answerRequest } from '#services/shared/privacy-requests'
import { audit, type Actor } from './shared'

/**
 * The rights people exercise (Ley 21.719; decision 75) as the console's operations
 * `(platform, actor, input) → result`: every request with its legal deadline, and the answer to a
 * rectification. The team corrects the data through the usual console pages, then records here
 * what it did: audit row and a mail to the person, in one transaction. The routes
 * (privacy-requests.ts) read the admin and the validated input and answer with the result; tests
 * and scripts call the operations directly.
 */

export const PRIVACY_ADMIN_MESSAGES = {
  answered: 'Solicitud marcada como resuelta. Le avisamos por correo a la persona.',
  notFound: 'Solicitud no encontrada.',
  notRectification:
    'Desde la consola solo se responden las solicitudes de rectificación; las demás se resuelven solas.',
  alreadyAnswered: 'Esta solicitud ya fue respondida.',
} as const

/**
 * The requests, up to 500: the open ones first, soonest deadline first, each named by its company
 * or its person; `estado: 'pendientes'` lists only the open ones.
 */
export async function listPrivacyRequests(
  p: Pick<Platform, 'db'>,
  { estado }: z.output<typeof privacyRequestsQuerySchema>,
) {
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
  return {
    requests: rows.map(({ firstname, lastname, company, ...r }) => ({
      ...r,
      name: company ?? `${firstname} ${lastname}`.trim(),
    })),
  }
}

/**
 * Marks a rectification as done with the team's note, appended to the request's detail: audited,
 * and the person is mailed the note, in one transaction. 404 for no such request, 409 for another
 * kind (those resolve themselves) or one answered already.
 */
export async function answerPrivacyRequest(
  p: Platform,
  who: Actor,
  { id, note }: { id: number } & PrivacyAnswerValues,
): Promise<{ message: string }> {
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
  return { message: PRIVACY_ADMIN_MESSAGES.answered }
}
