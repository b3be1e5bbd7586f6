/**
 * The upload rules of the owner's ID images of a simple power (domain/uploads.ts for the others),
 * in a module of their own: they bring the power's constants along, which the other upload pages
 * do not load.
 */
import type { UploadRules } from './uploads'
import {
  OWNER_ID_IMAGE_EXTENSIONS,
  OWNER_ID_IMAGE_FIELDS,
  OWNER_ID_IMAGE_LARGEST,
  OWNER_ID_IMAGE_TYPES,
  ownerIdImageInvalidTypeMessage,
  ownerIdImageTooLargeMessage,
} from './validation/power-constants'
import { CAMPO_REQUERIDO } from './validation/submission'

/** The owner's ID images of a simple power (spec §5): png, jpg or jpeg, under 3 MB; messages name the image. */
function ownerIdImageUpload(tipo: string): UploadRules {
  return {
    types: OWNER_ID_IMAGE_TYPES,
    extensions: OWNER_ID_IMAGE_EXTENSIONS,
    accept: OWNER_ID_IMAGE_EXTENSIONS.join(','),
    maxBytes: OWNER_ID_IMAGE_LARGEST,
    limitText: 'JPG o PNG, de menos de 3 MB',
    messages: {
      required: CAMPO_REQUERIDO,
      empty: CAMPO_REQUERIDO,
      invalidType: ownerIdImageInvalidTypeMessage(tipo),
      tooLarge: ownerIdImageTooLargeMessage(tipo),
    },
    shrinkPhotos: true,
  }
}

export const OWNER_ID_IMAGE_UPLOADS = Object.fromEntries(
  OWNER_ID_IMAGE_FIELDS.map((f) => [f.name, ownerIdImageUpload(f.tipo)]),
) as Record<(typeof OWNER_ID_IMAGE_FIELDS)[number]['name'], UploadRules>
