/** Driver profile, the settings form (spec §5, §9); the profile image's schema is in profile-image.ts. */
import { isChileanMobile, normalizeChileanMobile, normalizePhoneInput } from '#domain/phone'
import { findVehicle } from '#domain/reference-data/vehicles'
import { CAMPO_REQUERIDO, formObject, INVALID_VALUE, isBlank, maxChars, optionalString, requiredString } from './fields'
import { communeRegionOf, isCommuneCode, isRegion, PLACE_MESSAGES } from './place-codes'
import { statedReferenceId } from './reference-id'
import * as z from './zod'

export const PROFILE_MESSAGES = {
  required: CAMPO_REQUERIDO,
  max50: maxChars(50),
  max500: maxChars(500),
  phoneDigits: 'El teléfono solo puede contener números',
  phoneInvalid: 'Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321',
  invalidOption: PLACE_MESSAGES.invalidOption,
  communeOutsideRegion: PLACE_MESSAGES.communeOutsideRegion,
} as const

const M = PROFILE_MESSAGES

/**
 * Optional phone (sent as a number by the form): the driver's one rule, a
 * Chilean mobile typed any usual way, stored as '569XXXXXXXX'; empty means "unchanged".
 */
const optionalPhone = z.preprocess(
  normalizePhoneInput,
  z.pipe(
    z.nullish(
      z.string({ error: INVALID_VALUE }).check(
        z.trim(),
        z.refine((v) => v === '' || /^\d+$/.test(v), { error: M.phoneDigits, abort: true }),
        z.refine((v) => v === '' || isChileanMobile(v), M.phoneInvalid),
      ),
    ),
    z.transform((v: string | null | undefined) => (v ? (normalizeChileanMobile(v) as string) : undefined)),
  ),
)

/**
 * POST /users/update-data-user: firstname and lastname required, address and about_me optional;
 * the vehicle type and commune optional: a select's '13101' or JSON's 13101, '' or null
 * for "not stated" (null, clears it), absent for "unchanged" (reference-id.ts). The form also sends
 * the region it chose the commune in (`id_region`): a commune of another region is refused. As in
 * the marketplace's schemas, a commune is checked by its CUT code (its region is code ÷ 1000), not
 * against the 346-entry list the form's first focus would load; the users service checks the
 * commune exists before writing it.
 */
export const profileSchema = formObject({
  firstname: requiredString(M.required).check(z.maxLength(50, M.max50)),
  lastname: requiredString(M.required).check(z.maxLength(50, M.max50)),
  address: optionalString(50),
  about_me: optionalString(500),
  phone: optionalPhone,
  id_vehicle: statedReferenceId((id) => findVehicle(id) !== undefined, M.invalidOption),
  id_region: statedReferenceId(isRegion, M.invalidOption),
  id_commune: statedReferenceId(isCommuneCode, M.invalidOption),
}).check(
  z.superRefine((v, ctx) => {
    if (v.id_commune && v.id_region && communeRegionOf(v.id_commune) !== v.id_region) {
      ctx.addIssue({ code: 'custom', message: M.communeOutsideRegion, path: ['id_commune'] })
    }
  }),
)
export type ProfileValues = z.infer<typeof profileSchema>

export const PROFILE_FIELDS = ['firstname', 'lastname', 'address', 'about_me'] as const

/**
 * Spec: saving does nothing if nothing changed or if any of the four fields is empty.
 * `current` is the loaded profile, `next` the form values.
 */
export function shouldSaveProfile(
  current: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>,
  next: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>,
): boolean {
  if (PROFILE_FIELDS.some((k) => isBlank(next[k]))) return false
  return PROFILE_FIELDS.some((k) => (next[k] ?? '').trim() !== (current[k] ?? '').trim())
}

/** The profile's optional reference-data ids. */
export const STATED_IDS = ['id_vehicle', 'id_commune'] as const

export const PROFILE_SAVE_MESSAGES = {
  unchanged: 'No hay cambios para guardar',
  incomplete: 'Completa nombre, apellido, dirección y sobre mí para guardar los cambios',
} as const

/**
 * shouldSaveProfile, with the phone of the form counted as a change too. 'incomplete' and
 * 'unchanged' mean nothing is sent (spec §5).
 */
export function profileSaveDecision(
  current: Partial<Record<(typeof PROFILE_FIELDS)[number] | 'phone', string | null>> &
    Partial<Record<(typeof STATED_IDS)[number], number | null>>,
  next: Partial<Record<(typeof PROFILE_FIELDS)[number] | 'phone', string | null>> &
    Partial<Record<(typeof STATED_IDS)[number], number | null>>,
): 'save' | 'unchanged' | 'incomplete' {
  if (PROFILE_FIELDS.some((k) => isBlank(next[k]))) return 'incomplete'
  if (shouldSaveProfile(current, next)) return 'save'
  // The vehicle type and commune: a stated or cleared one is a change; absent is not.
  if (STATED_IDS.some((k) => next[k] !== undefined && (next[k] ?? null) !== (current[k] ?? null))) return 'save'
  const phone = (next.phone ?? '').trim()
  return phone !== '' && phone !== (current.phone ?? '').trim() ? 'save' : 'unchanged'
}
