/**
 * The email a company sends an applicant (spec §5), apart from the postings' schemas so the
 * applicants page loads only its own. Built under a `#__PURE__` mark, like the
 * other marketplace schemas (company.ts).
 */
import { isValidEmail } from '#domain/email'
import { CAMPO_REQUERIDO, formObject, maxChars, numberToString, optionalString, requiredString } from './fields'
import * as z from './zod'

export const APPLICANT_EMAIL_MESSAGES = {
  required: CAMPO_REQUERIDO,
  subjectMax: 'El asunto no puede superar los 150 caracteres',
  messageMin: 'El mensaje debe tener al menos 10 caracteres',
  messageMax: 'El mensaje no puede superar los 3000 caracteres',
  emailInvalid: 'Correo electrónico inválido',
  companyNameMax: maxChars(100),
} as const

const M = APPLICANT_EMAIL_MESSAGES

/**
 * Spec §5: the send is refused unless subject, message, the driver's name and email and the business
 * email, name and phone are there.
 */
export const emailToApplicantSchema = /*#__PURE__*/ (() =>
  formObject({
    // One line: a subject never carries a line break into the mail's headers.
    subject: z.pipe(
      requiredString(M.required).check(z.maxLength(150, M.subjectMax)),
      z.transform((v: string) => v.replace(/\s+/g, ' ')),
    ),
    message: requiredString(M.required).check(z.minLength(10, M.messageMin)).check(z.maxLength(3000, M.messageMax)),
    name_user: requiredString(M.required).check(z.maxLength(120, maxChars(120))),
    user_email: requiredString(M.required).check(z.refine(isValidEmail, M.emailInvalid)),
    email_business: requiredString(M.required).check(z.refine(isValidEmail, M.emailInvalid)),
    name_business: requiredString(M.required).check(z.maxLength(100, M.companyNameMax)),
    phone_business: z.preprocess(numberToString, requiredString(M.required).check(z.maxLength(20, maxChars(20)))),
    logo_business: optionalString(500),
  }))()
export type EmailToApplicantValues = z.infer<typeof emailToApplicantSchema>
