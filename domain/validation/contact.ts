/** Public contact forms (spec §5): general contact, business contact and the complaints wizard. */
import { isValidContactEmail } from '#domain/email'
import {
  CAMPO_REQUERIDO,
  formObject,
  maxChars,
  minChars,
  numberToString,
  optionalString,
  phoneString,
  requiredString,
} from './fields'
import * as z from './zod'

export const CONTACT_MESSAGES = {
  required: CAMPO_REQUERIDO,
  max50: maxChars(50),
  email: 'Ingresa un correo electrónico válido',
  phoneRequired: CAMPO_REQUERIDO,
  phoneMax: maxChars(15),
  /** The spec says 'Minimo 10 caracteres' for a minimum of 9: the message follows the rule. */
  phoneMin: minChars(9),
  messageMin: 'El mensaje debe tener al menos 10 caracteres',
  messageMax: 'El mensaje no puede superar los 500 caracteres',
  businessPhoneMin: minChars(8),
  businessMessageMax: 'El mensaje no puede superar los 1000 caracteres',
} as const

const M = CONTACT_MESSAGES

const contactEmail = requiredString(M.required).check(z.refine(isValidContactEmail, M.email))

function message(max: number, maxMessage: string) {
  return requiredString(M.required).check(z.minLength(10, M.messageMin)).check(z.maxLength(max, maxMessage))
}

export const contactSchema = formObject({
  firstName: requiredString(M.required),
  lastName: requiredString(M.required).check(z.maxLength(50, M.max50)),
  email: contactEmail,
  phone: phoneString({ required: M.phoneRequired, min: 9, max: 15, minMessage: M.phoneMin, maxMessage: M.phoneMax }),
  message: message(500, M.messageMax),
})
export type ContactValues = z.infer<typeof contactSchema>

export { isBusinessContactSubmissionEmpty, isContactSubmissionEmpty } from './submission'

export const businessContactSchema = formObject({
  fullname: requiredString(M.required),
  name_business: requiredString(M.required).check(z.maxLength(50, M.max50)),
  email: contactEmail,
  phone: phoneString({
    required: M.phoneRequired,
    min: 8,
    max: 15,
    minMessage: M.businessPhoneMin,
    maxMessage: M.phoneMax,
  }),
  message: message(1000, M.businessMessageMax),
})
export type BusinessContactValues = z.infer<typeof businessContactSchema>

export const FLEET_MESSAGES = {
  required: M.required,
  invalidOption: 'Selecciona una opción válida',
  fullnameMax: maxChars(100),
  quantity: 'Ingresa una cantidad entre 1 y 999',
  regionOutsideZone: 'La región no pertenece a la zona seleccionada',
  communeOutsideRegion: 'La comuna no pertenece a la región seleccionada',
  messageMax: M.businessMessageMax,
} as const

const F = FLEET_MESSAGES

/**
 * An id chosen from a select: a form sends '13000', JSON may send 13000; the output is a number.
 * Written as a string schema (not z.number) so conform keeps the raw text and sets no pattern.
 */
function choiceId(isKnown: (id: number) => boolean, invalidMessage: string = F.invalidOption) {
  return z.preprocess(
    numberToString,
    z.pipe(
      requiredString(F.required).check(z.refine((v) => /^\d{1,9}$/.test(v) && isKnown(Number(v)), invalidMessage)),
      z.transform(Number),
    ),
  )
}

/**
 * The lists the fleet form is checked against (domain/reference-data). They are passed in, not
 * imported, so the contact and help pages that share this module do not ship them.
 */
export interface FleetReferenceData {
  vehicles: ReadonlyArray<{ id_vehicle: number }>
  schedules: ReadonlyArray<{ id_schedule: number }>
  zones: ReadonlyArray<{ id_zone: number }>
  /** With regions and communes the zone → region → commune chain is checked too (action, service). */
  regions?: ReadonlyArray<{ id_region: number; zone_id: number }>
  communes?: ReadonlyArray<{ id_commune: number; id_region: number }>
}

/**
 * POST /business/register with a JSON body: the fleet-requirements form of /empresas. The spec
 * names the data (company, contact, vehicle type and count, zone → region → commune, shift,
 * message) but not the fields or rules: they follow the business contact form. The browser
 * builds it without regions and communes (its lists come from the lookups); the route action
 * and the service build it with every list.
 */
export function createFleetRequestSchema(ref: FleetReferenceData) {
  const ids = (list: ReadonlyArray<Record<string, unknown>>, key: string) => new Set(list.map((item) => item[key]))
  const vehicleIds = ids(ref.vehicles, 'id_vehicle')
  const scheduleIds = ids(ref.schedules, 'id_schedule')
  const zoneIds = ids(ref.zones, 'id_zone')
  const fields = formObject({
    name_business: requiredString(F.required).check(z.maxLength(50, M.max50)),
    fullname: requiredString(F.required).check(z.maxLength(100, F.fullnameMax)),
    email: contactEmail,
    phone: phoneString({
      required: M.phoneRequired,
      min: 8,
      max: 15,
      minMessage: M.businessPhoneMin,
      maxMessage: M.phoneMax,
    }),
    id_vehicle: choiceId((id) => vehicleIds.has(id)),
    quantity: choiceId((n) => n >= 1 && n <= 999, F.quantity),
    id_zone: choiceId((id) => zoneIds.has(id)),
    id_region: choiceId((id) => id > 0),
    id_commune: choiceId((id) => id > 0),
    id_schedule: choiceId((id) => scheduleIds.has(id)),
    message: optionalString(1000, F.messageMax),
  })
  if (!ref.regions || !ref.communes) return fields
  const regionById = new Map(ref.regions.map((r) => [r.id_region, r]))
  const communeById = new Map(ref.communes.map((c) => [c.id_commune, c]))
  return fields.superRefine((value, ctx) => {
    const region = regionById.get(value.id_region)
    const commune = communeById.get(value.id_commune)
    if (!region) ctx.addIssue({ code: 'custom', message: F.invalidOption, path: ['id_region'] })
    else if (region.zone_id !== value.id_zone)
      ctx.addIssue({ code: 'custom', message: F.regionOutsideZone, path: ['id_region'] })
    else if (!commune) ctx.addIssue({ code: 'custom', message: F.invalidOption, path: ['id_commune'] })
    else if (commune.id_region !== region.id_region)
      ctx.addIssue({ code: 'custom', message: F.communeOutsideRegion, path: ['id_commune'] })
  })
}
export type FleetRequestValues = z.infer<ReturnType<typeof createFleetRequestSchema>>
