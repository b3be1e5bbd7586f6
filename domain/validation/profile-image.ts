/**
 * The profile photo (spec §5, §9): its rules (domain/uploads.ts) and the schema of its upload,
 * apart from the profile form's schema (profile.ts), so each form loads its own.
 */
import { PROFILE_PHOTO_UPLOAD } from '#domain/uploads'
import { formObject, imageFile } from './fields'
import type * as z from './zod'

export const PROFILE_IMAGE_MAX_BYTES = PROFILE_PHOTO_UPLOAD.maxBytes
export const PROFILE_IMAGE_EXTENSIONS = PROFILE_PHOTO_UPLOAD.extensions
export const PROFILE_IMAGE_TYPES = PROFILE_PHOTO_UPLOAD.types

export const PROFILE_IMAGE_MESSAGES = {
  required: PROFILE_PHOTO_UPLOAD.messages.required,
  tooLarge: PROFILE_PHOTO_UPLOAD.messages.tooLarge,
  invalidType: PROFILE_PHOTO_UPLOAD.messages.invalidType,
} as const

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
