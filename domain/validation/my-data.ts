/**
 * «Mis datos» (Ley 21.719, decision 75): the rectification request of what the person cannot edit
 * themselves (RUT, an approved document's data), and the console's answer to a request.
 */
import { CAMPO_REQUERIDO, formObject, requiredString } from './fields'
import { ANSWER_NOTE_MAX, RECTIFICATION_MAX } from './my-data-constants'
import * as z from './zod'

export { ANSWER_NOTE_MAX, RECTIFICATION_MAX }

export const MY_DATA_MESSAGES = {
  required: CAMPO_REQUERIDO,
  detailMax: `Escribe como máximo ${RECTIFICATION_MAX} caracteres`,
  noteMax: `Escribe como máximo ${ANSWER_NOTE_MAX} caracteres`,
} as const

/** POST /users/my-data/rectification and /business/my-data/rectification; the page's form. */
export const rectificationSchema = formObject({
  detail: requiredString(MY_DATA_MESSAGES.required).check(z.maxLength(RECTIFICATION_MAX, MY_DATA_MESSAGES.detailMax)),
})
export type RectificationValues = z.infer<typeof rectificationSchema>

/** POST /admin/privacy-requests/{id}/answer: what the team did, in a note the person reads. */
export const privacyAnswerSchema = formObject({
  note: requiredString(MY_DATA_MESSAGES.required).check(z.maxLength(ANSWER_NOTE_MAX, MY_DATA_MESSAGES.noteMax)),
})
export type PrivacyAnswerValues = z.infer<typeof privacyAnswerSchema>

/** GET /admin/privacy-requests?estado=pendientes: only the open ones; none or `todas` lists all. */
export const privacyRequestsQuerySchema = z.object({ estado: z.optional(z.enum(['pendientes', 'todas'])) })
