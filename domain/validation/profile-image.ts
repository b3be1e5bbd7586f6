/** The profile photo's rules as constants, with no zod (the page's file input uses them): domain/uploads.ts. */
import { PROFILE_PHOTO_UPLOAD } from '#domain/uploads'

export const PROFILE_IMAGE_MAX_BYTES = PROFILE_PHOTO_UPLOAD.maxBytes
export const PROFILE_IMAGE_EXTENSIONS = PROFILE_PHOTO_UPLOAD.extensions
export const PROFILE_IMAGE_TYPES = PROFILE_PHOTO_UPLOAD.types
/** For the file input's accept attribute. */
export const PROFILE_IMAGE_ACCEPT = PROFILE_PHOTO_UPLOAD.accept

export const PROFILE_IMAGE_MESSAGES = {
  required: PROFILE_PHOTO_UPLOAD.messages.required,
  tooLarge: PROFILE_PHOTO_UPLOAD.messages.tooLarge,
  invalidType: PROFILE_PHOTO_UPLOAD.messages.invalidType,
} as const
