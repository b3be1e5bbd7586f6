/**
 * The company's registration (spec §5, §9: POST /business/register and the /empresas/registro
 * form), apart from the postings' schemas so the registration page loads only its own
 *. Each schema is built under a `#__PURE__` mark: the route module imports it
 * for its loader and action without the page bundling it (nor zod); the page fetches it on the
 * form's first focus. auth.ts is not imported (its schemas are side effects).
 */
import { isValidEmail } from '#domain/email'
import { LOGO_UPLOAD } from '#domain/uploads'
import {
  fileTypeAllowed,
  formObject,
  maxChars,
  phoneString,
  requiredRawString,
  requiredString,
  type FileLike,
} from './fields'
import { communeId, locationRefinement, regionId, zoneId } from './place-ids'
import { rutString } from './rut-field'
import { ACCEPT_TERMS_MESSAGE, CAMPO_REQUERIDO } from './submission'
import * as z from './zod'

/** Logo of the company: png, jpg, jpeg or webp up to 3 MB (domain/uploads.ts; the service checks the bytes again). */
export const LOGO_MAX_BYTES = LOGO_UPLOAD.maxBytes
export const LOGO_MIME_TYPES = LOGO_UPLOAD.types
export const LOGO_EXTENSIONS = LOGO_UPLOAD.extensions

export const COMPANY_MESSAGES = {
  required: CAMPO_REQUERIDO,
  companyNameMax: maxChars(100),
  contactNameMax: maxChars(100),
  emailInvalid: 'Correo electrónico inválido',
  emailMax: 'Correo electrónico no puede exceder los 80 caracteres',
  phoneMin: 'Mínimo 8 caracteres',
  phoneMax: 'Máximo 15 caracteres',
  confirmPassword: CAMPO_REQUERIDO,
  passwordMismatch: 'Las contraseñas no coinciden',
  logoType: LOGO_UPLOAD.messages.invalidType,
  logoSize: LOGO_UPLOAD.messages.tooLarge,
  acceptTerms: ACCEPT_TERMS_MESSAGE,
} as const

const M = COMPANY_MESSAGES

/** Spec §5 password rule, as in auth.ts (not imported: that file would come along to every page). */
const PASSWORD_MESSAGES = {
  required: CAMPO_REQUERIDO,
  min: 'La contraseña debe tener al menos 8 caracteres',
  max: 'La contraseña no puede superar los 72 caracteres',
  lettersNumbers: 'La contraseña debe incluir letras y números',
} as const

const optionalLogo = () =>
  z.optional(
    z.file({ error: M.logoType }).check(
      z.refine((f: FileLike) => f.size === 0 || fileTypeAllowed(f, LOGO_MIME_TYPES, LOGO_EXTENSIONS), {
        error: M.logoType,
        abort: true,
      }),
      z.refine((f) => f.size <= LOGO_MAX_BYTES, M.logoSize),
    ),
  )

const passwordField = () =>
  requiredRawString(PASSWORD_MESSAGES.required)
    .check(z.minLength(8, PASSWORD_MESSAGES.min))
    .check(z.maxLength(72, PASSWORD_MESSAGES.max))
    .check(z.refine((v) => /\p{L}/u.test(v) && /\d/.test(v), PASSWORD_MESSAGES.lettersNumbers))

const companyShape = () => ({
  name_business: requiredString(M.required).check(z.maxLength(100, M.companyNameMax)),
  rut: rutString({ required: M.required }),
  contact_name: requiredString(M.required).check(z.maxLength(100, M.contactNameMax)),
  email: requiredString(M.required).check(z.maxLength(80, M.emailMax)).check(z.refine(isValidEmail, M.emailInvalid)),
  phone: phoneString({ required: M.required, min: 8, max: 15, minMessage: M.phoneMin, maxMessage: M.phoneMax }),
  password: passwordField(),
  id_zone: zoneId(),
  id_region: regionId(),
  id_commune: communeId(),
  // The checkbox of both documents; the service records the versions in force (domain/privacy.ts).
  acceptTerms: z.literal(true, { error: M.acceptTerms }),
})

/** The `data` JSON of POST /business/register (multipart, with an optional logoBusiness file). */
export const companyRegistrationPayloadSchema = /*#__PURE__*/ (() =>
  formObject(companyShape()).check(z.superRefine(locationRefinement)))()
export type CompanyRegistrationPayload = z.infer<typeof companyRegistrationPayloadSchema>

/** The /empresas/registro form: the payload plus the password confirmation and the logo. */
export const companyRegistrationSchema = /*#__PURE__*/ (() =>
  formObject({
    ...companyShape(),
    confirmPassword: requiredRawString(M.confirmPassword),
    logoBusiness: optionalLogo(),
  })
    .check(z.superRefine(locationRefinement))
    .check(
      z.refine((v) => v.password === v.confirmPassword, { error: M.passwordMismatch, path: ['confirmPassword'] }),
    ))()
export type CompanyRegistrationValues = z.infer<typeof companyRegistrationSchema>
