/** The profile photo's rules as constants, with no zod (the page's file input uses them). */
export const PROFILE_IMAGE_MAX_BYTES = 3 * 1024 * 1024
export const PROFILE_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const
/** For the file input's accept attribute. */
export const PROFILE_IMAGE_ACCEPT = PROFILE_IMAGE_EXTENSIONS.join(',')

export const PROFILE_IMAGE_MESSAGES = {
  required: 'Imagen requerida',
  tooLarge: 'El tamaño de la imagen no puede ser mayor a 3MB',
  invalidType: 'La imagen debe ser JPG, JPEG o PNG',
} as const
