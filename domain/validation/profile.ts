/** Driver profile (settings form) and profile image (spec §5, §9). */
import { z } from 'zod'
import { isChileanMobile, normalizeChileanMobile, normalizePhoneInput } from '#domain/phone'
import { CAMPO_REQUERIDO, formObject, imageFile, INVALID_VALUE, isBlank, maxChars, optionalString, requiredString } from './fields'
import { PROFILE_IMAGE_EXTENSIONS, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGES, PROFILE_IMAGE_TYPES } from './profile-image'

export const PROFILE_MESSAGES = {
  required: CAMPO_REQUERIDO,
  max50: maxChars(50),
  max500: maxChars(500),
  phoneDigits: 'El teléfono solo puede contener números',
  phoneInvalid: 'Ingresa un celular chileno válido, por ejemplo +56 9 8765 4321',
} as const

const M = PROFILE_MESSAGES

/**
 * Optional phone (sent as a number by the form): the driver's one rule (issue 12 item 10), a
 * Chilean mobile typed any usual way, stored as '569XXXXXXXX'; empty means "unchanged".
 */
const optionalPhone = z.preprocess(
  normalizePhoneInput,
  z
    .string({ error: INVALID_VALUE })
    .trim()
    .refine((v) => v === '' || /^\d+$/.test(v), { error: M.phoneDigits, abort: true })
    .refine((v) => v === '' || isChileanMobile(v), M.phoneInvalid)
    .nullish()
    .transform((v) => (v ? (normalizeChileanMobile(v) as string) : undefined)),
)

/** POST /users/update-data-user: firstname and lastname required, address and about_me optional. */
export const profileSchema = formObject({
  firstname: requiredString(M.required).max(50, M.max50),
  lastname: requiredString(M.required).max(50, M.max50),
  address: optionalString(50),
  about_me: optionalString(500),
  phone: optionalPhone,
})
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

export const PROFILE_SAVE_MESSAGES = {
  unchanged: 'No hay cambios para guardar',
  incomplete: 'Completa nombre, apellido, dirección y sobre mí para guardar los cambios',
} as const

/**
 * shouldSaveProfile, with the phone of the form counted as a change too. 'incomplete' and
 * 'unchanged' mean nothing is sent (spec §5).
 */
export function profileSaveDecision(
  current: Partial<Record<(typeof PROFILE_FIELDS)[number] | 'phone', string | null>>,
  next: Partial<Record<(typeof PROFILE_FIELDS)[number] | 'phone', string | null>>,
): 'save' | 'unchanged' | 'incomplete' {
  if (PROFILE_FIELDS.some((k) => isBlank(next[k]))) return 'incomplete'
  if (shouldSaveProfile(current, next)) return 'save'
  const phone = (next.phone ?? '').trim()
  return phone !== '' && phone !== (current.phone ?? '').trim() ? 'save' : 'unchanged'
}
