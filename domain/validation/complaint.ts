/**
 * The help page's complaint form (spec §5, /ayuda), apart from the contact forms (contact.ts) so
 * each page loads its own form's schema.
 */
import { isValidEmail } from '#domain/email'
import { COMPLAINT_TYPE_VALUES, INQUIRY_TYPE_VALUES } from '#domain/reference-data/inquiries'
import { CAMPO_REQUERIDO, formObject, phoneString, requiredEnum, requiredString } from './fields'
import * as z from './zod'

export const COMPLAINT_MESSAGES = {
  required: CAMPO_REQUERIDO,
  nameMax: 'El nombre debe tener menos de 100 caracteres',
  phone: 'Por favor, introduce un número de teléfono válido de hasta 15 dígitos',
  phoneMin: 'El número de teléfono debe tener al menos 9 dígitos',
  email: 'Por favor, introduce un correo electrónico válido',
  messageMax: 'El mensaje debe tener menos de 1500 caracteres',
  invalidType: 'Tipo de solicitud inválido',
  invalidComplaintType: 'Tipo de reclamo inválido',
} as const

const C = COMPLAINT_MESSAGES

export const complaintSchema = formObject({
  name: requiredString(C.required).check(z.maxLength(100, C.nameMax)),
  phone: phoneString({
    required: C.required,
    min: 9,
    max: 15,
    minMessage: C.phoneMin,
    maxMessage: C.phone,
    digitsMessage: C.phone,
    forbidSequences: false,
  }),
  email: requiredString(C.required).check(z.refine(isValidEmail, C.email)),
  message: requiredString(C.required).check(z.maxLength(1500, C.messageMax)),
  type: requiredEnum(INQUIRY_TYPE_VALUES, C.required, C.invalidType),
  selectedComplainsType: z.nullish(requiredEnum(COMPLAINT_TYPE_VALUES, C.required, C.invalidComplaintType)),
}).check(
  z.superRefine((value, ctx) => {
    if (value.type === 'Complaints' && value.selectedComplainsType == null) {
      ctx.addIssue({ code: 'custom', message: C.required, path: ['selectedComplainsType'] })
    }
  }),
)
export type ComplaintValues = z.infer<typeof complaintSchema>
