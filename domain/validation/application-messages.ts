/**
 * A message of an application's thread between the company and the driver (decision 105): text
 * only, up to 2.000 characters, never HTML (the screens render it as text). Apart from the other
 * marketplace schemas so the pages that send one load only this.
 */
import { CAMPO_REQUERIDO, isBlank, requiredString } from './fields'
import { POSTING_MESSAGES } from './marketplace'
import * as z from './zod'

export const THREAD_MESSAGE_MAX = 2000

export const THREAD_MESSAGES = {
  required: CAMPO_REQUERIDO,
  tooLong: 'El mensaje no puede superar los 2.000 caracteres',
  sent: 'Mensaje enviado.',
  driverFirst: 'Podrás responder cuando la empresa te escriba.',
} as const

const messageBody = () =>
  requiredString(THREAD_MESSAGES.required).check(z.maxLength(THREAD_MESSAGE_MAX, THREAD_MESSAGES.tooLong))

export const threadMessageSchema = /*#__PURE__*/ (() =>
  z.object({ body: messageBody() }, { error: 'Datos inválidos' }))()

/** Most applicants one bulk message reaches: the applicants screen shows at most this many. */
const MAX_BULK_RECIPIENTS = 500

/** «Mensaje enviado a 3 postulantes.»: what the company reads after a bulk message. */
export function bulkMessageSent(n: number): string {
  return n === 1 ? 'Mensaje enviado a 1 postulante.' : `Mensaje enviado a ${n} postulantes.`
}

/** A bulk message larger than what is left of the company's messages this hour (`left` ≥ 1). */
export function bulkOverLimit(left: number): string {
  const who = left === 1 ? '1 postulante más' : `${left} postulantes más`
  return (
    `Este envío supera tu límite de mensajes por hora: puedes escribir a ${who} ahora. ` +
    'Quita algunos de la selección o inténtalo más tarde.'
  )
}

/**
 * POST /business/job-postings/{id}/applicants-messages {applications, body}: one message, written
 * into the thread of each selected application of one posting, all of them or none. The body is
 * the single message's (the same limits); the applications are checked like a bulk move's.
 */
export const bulkThreadMessageSchema = /*#__PURE__*/ (() =>
  z.object(
    {
      applications: z
        .array(
          z
            .number({ error: POSTING_MESSAGES.invalidOption })
            .check(
              z.int(POSTING_MESSAGES.invalidOption),
              z.gte(1, POSTING_MESSAGES.invalidOption),
              z.lte(2_147_483_647, POSTING_MESSAGES.invalidOption),
            ),
          // Nothing ticked reads the same however the form sends it (absent, empty, null).
          { error: (iss) => (isBlank(iss.input) ? POSTING_MESSAGES.bulkNone : POSTING_MESSAGES.invalidOption) },
        )
        .check(
          z.minLength(1, POSTING_MESSAGES.bulkNone),
          z.maxLength(MAX_BULK_RECIPIENTS, POSTING_MESSAGES.invalidOption),
        ),
      body: messageBody(),
    },
    { error: 'Datos inválidos' },
  ))()
