/** Driver profile (settings form) and profile image (spec §5, §9). */
import { isChileanMobile, normalizeChileanMobile, normalizePhoneInput } from '#domain/phone'
import { findCommune, findRegion } from '#domain/reference-data/geography'
import { findVehicle } from '#domain/reference-data/vehicles'
import { CAMPO_REQUERIDO, formObject, imageFile, INVALID_VALUE, isBlank, maxChars, optionalString, requiredString } from './fields'
import { PROFILE_IMAGE_EXTENSIONS, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGES, PROFILE_IMAGE_TYPES } from './profile-image'
import * as z from './zod'

export const PROFILE_MESSAGES = {
  required: CAMPO_REQUERIDO,
  max50: maxChars(50),
  max500: maxChars(500),
  phoneDigits: 'El teléfono solo puede contener números',
  phoneInvalid: 'Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321',
  invalidOption: 'Selecciona una opción válida',
  communeOutsideRegion: 'La comuna no pertenece a la región seleccionada',
} as const

const M = PROFILE_MESSAGES

/**
 * Optional phone (sent as a number by the form): the driver's one rule (issue 12 item 10), a
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
 * An optional reference-data id (the driver's vehicle type or commune): a select's '13101' or
 * JSON's 13101 must exist in domain/reference-data; '' or null means "not stated" (null, clears
 * it); absent means "unchanged" (undefined), so the spec §7 callers that never send it keep it.
 */
function statedId(exists: (id: number) => boolean) {
  return z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
    z.optional(
      z.nullable(
        z.pipe(
          z.string({ error: M.invalidOption }).check(
            z.trim(),
            z.refine((v) => /^\d{1,9}$/.test(v) && exists(Number(v)), M.invalidOption),
          ),
          z.transform(Number),
        ),
      ),
    ),
  )
}

/**
 * POST /users/update-data-user: firstname and lastname required, address and about_me optional;
 * the vehicle type and commune optional (issue 16). The form also sends the region it chose the
 * commune in (`id_region`): a commune of another region is refused.
 */
export const profileSchema = formObject({
  firstname: requiredString(M.required).check(z.maxLength(50, M.max50)),
  lastname: requiredString(M.required).check(z.maxLength(50, M.max50)),
  address: optionalString(50),
  about_me: optionalString(500),
  phone: optionalPhone,
  id_vehicle: statedId((id) => findVehicle(id) !== undefined),
  id_region: statedId((id) => findRegion(id) !== undefined),
  id_commune: statedId((id) => findCommune(id) !== undefined),
}).check(
  z.superRefine((v, ctx) => {
    if (v.id_commune && v.id_region && findCommune(v.id_commune)?.id_region !== v.id_region) {
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

export { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_EXTENSIONS, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGES, PROFILE_IMAGE_TYPES } from './profile-image'

/** Multipart POST /users/update-profile-image: file field newProfileImage. */
export const profileImageSchema = formObject({
  newProfileImage: imageFile({
    required: PROFILE_IMAGE_MESSAGES.required,
    tooLarge: PROFILE_IMAGE_MESSAGES.tooLarge,
    invalidType: PROFILE_IMAGE_MESSAGES.invalidType,
    maxBytes: PROFILE_IMAGE_MAX_BYTES,
    mimeTypes: PROFILE_IMAGE_TYPES,
    extensions: PROFILE_IMAGE_EXTENSIONS,
  }),
})
export type ProfileImageValues = z.infer<typeof profileImageSchema>

/** The profile's optional reference-data ids (issue 16). */
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
  current: Partial<Record<(typeof PROFILE_FIELDS)[number] | 'phone', string | null>> & Partial<Record<(typeof STATED_IDS)[number], number | null>>,
  next: Partial<Record<(typeof PROFILE_FIELDS)[number] | 'phone', string | null>> & Partial<Record<(typeof STATED_IDS)[number], number | null>>,
): 'save' | 'unchanged' | 'incomplete' {
  if (PROFILE_FIELDS.some((k) => isBlank(next[k]))) return 'incomplete'
  if (shouldSaveProfile(current, next)) return 'save'
  // The vehicle type and commune (issue 16): a stated or cleared one is a change; absent is not.
  if (STATED_IDS.some((k) => next[k] !== undefined && (next[k] ?? null) !== (current[k] ?? null))) return 'save'
  const phone = (next.phone ?? '').trim()
  return phone !== '' && phone !== (current.phone ?? '').trim() ? 'save' : 'unchanged'
}
