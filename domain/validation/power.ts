/** Simple power of attorney (poder simple), driver side and owner side (spec §5). */
import { OWNER_EMAIL_MAX_LENGTH, isValidOwnerEmail } from '#domain/email'
import { normalizeLocalChileanPhoneInput } from '#domain/phone'
import { isValidPlate, normalizePlate } from '#domain/plate'
import { CAMPO_REQUERIDO, boundedString, formObject, imageFile, phoneString, requiredString } from './fields'
import {
  OWNER_ID_IMAGE_EXTENSIONS,
  OWNER_ID_IMAGE_FIELDS,
  OWNER_ID_IMAGE_LARGEST,
  OWNER_ID_IMAGE_TYPES,
  VEHICLE_YEAR_MIN,
  vehicleYearMax,
  vehicleYearMessage,
  ownerIdImageInvalidTypeMessage,
  ownerIdImageTooLargeMessage,
} from './power-constants'
import { rutString } from './rut-field'
import * as z from './zod'

export * from './power-constants'

export const POWER_MESSAGES = {
  required: CAMPO_REQUERIDO,
  plateRequired: CAMPO_REQUERIDO,
  plateMax: 'Patente no debe exceder los 12 caracteres',
  plateFormat: 'Formato de patente inválido',
  phoneRequired: CAMPO_REQUERIDO,
  phoneMin: 'El teléfono debe tener al menos 9 dígitos',
  phoneMax: 'El teléfono no puede tener más de 12 dígitos',
  phonePrefix: 'El teléfono debe comenzar con 9',
  emailRequired: CAMPO_REQUERIDO,
  emailInvalid: 'Correo electrónico inválido',
  emailMax: 'Correo electrónico no puede exceder los 70 caracteres',
  personName: 'Ingresa solo letras, espacios, apóstrofos o guiones',
  vehicleText: 'Ingresa solo letras, números, espacios, puntos o guiones',
  noLinks: 'No se permiten enlaces ni direcciones web',
} as const

const M = POWER_MESSAGES

/**
 * The power's texts reach the vehicle's owner (the PDF and, for the names, the WhatsApp message
 * the platform sends): a person's name is letters (accents, ñ), spaces, apostrophes and hyphens,
 * so it can carry no number, link or «://» (decision 73).
 */
export const isPersonName = (v: string) => /^\p{L}[\p{L}\p{M}' ’-]*$/u.test(v)
/** A web address in a text not meant to carry one: `://`, `www.`, `x.cl`, `evil.example/login`. */
export const hasLink = (v: string) => /:\/\/|www\.|\p{L}\.\p{L}+\/|\.(com|cl|net|org|io|ly|co|app|me)\b/iu.test(v)
const personName = (max: number) => boundedString(M.required, 2, max).check(z.refine(isPersonName, M.personName))
const noLinks = (link: (v: string) => boolean) =>
  boundedString(M.required, 2, 100).check(z.refine((v) => !link(v), { error: M.noLinks, abort: true }))
// A brand or a model: «Mercedes-Benz», «Sprinter 515 CDI», «Hilux 2.4»: no dot between letters.
const vehicleText = noLinks((v) => hasLink(v) || /\p{L}\.\p{L}/u.test(v)).check(
  z.refine((v) => /^[\p{L}\p{M}\d .-]*$/u.test(v), M.vehicleText),
)

/** Where a schema reads the time: the live clock, or the service's injected one. */
export type Clock = () => Date
const liveClock: Clock = () => new Date()

/**
 * Year chosen from 2005 to next year, read from `now` when a value is checked (the page's list is
 * vehicleYears(now) from the same clock); a form sends it as text ('2019'), JSON as a number.
 */
export function vehicleYearField(now: Clock = liveClock) {
  return z.preprocess(
    (v) =>
      typeof v === 'string' && /^\s*\d+\s*$/.test(v)
        ? Number(v)
        : typeof v === 'string' && v.trim() === ''
          ? undefined
          : v,
    z.number({ error: (iss) => (iss.input == null ? M.required : vehicleYearMessage(now())) }).check(
      z.superRefine((year, ctx) => {
        const at = now()
        if (!Number.isInteger(year) || year < VEHICLE_YEAR_MIN || year > vehicleYearMax(at))
          ctx.addIssue({ code: 'custom', message: vehicleYearMessage(at) })
      }),
    ),
  )
}

/** Uppercased with spaces removed before validation; stored without hyphens or dots ('AB1234'). */
export const licensePlateField = requiredString(M.plateRequired)
  .check(z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase()))
  .check(z.maxLength(12, M.plateMax))
  .check(z.refine(isValidPlate, M.plateFormat))
  .check(z.overwrite(normalizePlate))

const driverShape = (now: Clock) => ({
  fullNameDriver: personName(100),
  rutDriver: rutString({ required: M.required, min: 2, max: 12 }),
  addressDriver: noLinks(hasLink),
  nationalityDriver: personName(30),
  vehicleBrand: vehicleText,
  vehicleModel: vehicleText,
  vehicleYear: vehicleYearField(now),
  vehicleLicensePlate: licensePlateField,
})

/** Phase 1 with the years counted from `now` (the service passes its clock). */
export const powerDriverSchemaAt = (now: Clock) => formObject(driverShape(now))
export const powerDriverSchema = powerDriverSchemaAt(liveClock)
export type PowerDriverValues = z.infer<typeof powerDriverSchema>

const ownerShape = {
  fullNameOwner: personName(100),
  rutOwner: rutString({ required: M.required, max: 15 }),
  addressOwner: noLinks(hasLink),
  nationalityOwner: personName(30),
  // '+56 9 8765 4321' is read as 987654321: the rule is the local 9 digits starting with 9.
  phoneOwner: phoneString(
    {
      required: M.phoneRequired,
      min: 9,
      max: 12,
      minMessage: M.phoneMin,
      maxMessage: M.phoneMax,
      prefix: { value: '9', message: M.phonePrefix },
    },
    normalizeLocalChileanPhoneInput,
  ),
  emailOwner: requiredString(M.emailRequired)
    .check(z.maxLength(OWNER_EMAIL_MAX_LENGTH, M.emailMax))
    .check(z.refine(isValidOwnerEmail, M.emailInvalid)),
}

/** Owner text fields (phase 2 of the form, without the ID images). */
export const powerOwnerSchema = formObject(ownerShape)
export type PowerOwnerValues = z.infer<typeof powerOwnerSchema>

export function ownerIdImageField(tipo: string) {
  return imageFile({
    required: M.required,
    maxBytes: OWNER_ID_IMAGE_LARGEST,
    tooLarge: ownerIdImageTooLargeMessage(tipo),
    invalidType: ownerIdImageInvalidTypeMessage(tipo),
    mimeTypes: OWNER_ID_IMAGE_TYPES,
    extensions: OWNER_ID_IMAGE_EXTENSIONS,
  })
}

/** Phase 2 of the form: owner fields and both ID images. */
export const powerOwnerFormSchema = formObject({
  ...ownerShape,
  cedula_identidad_frontal_owner: ownerIdImageField(OWNER_ID_IMAGE_FIELDS[0].tipo),
  cedula_identidad_posterior_owner: ownerIdImageField(OWNER_ID_IMAGE_FIELDS[1].tipo),
})
export type PowerOwnerFormValues = z.infer<typeof powerOwnerFormSchema>

/** Every text field of POST /users/create-power-simple (the images travel as files[...]). */
export const simplePowerSchema = formObject({ ...powerDriverSchema.shape, ...ownerShape })
export type SimplePowerValues = z.infer<typeof simplePowerSchema>

/** Both phases and both images: what the final submission must satisfy (page and service). */
export const simplePowerFormSchemaAt = (now: Clock) =>
  formObject({ ...driverShape(now), ...powerOwnerFormSchema.shape })
export const simplePowerFormSchema = simplePowerFormSchemaAt(liveClock)
export type SimplePowerFormValues = z.infer<typeof simplePowerFormSchema>
