/**
 * The simple power's constants, field names and file messages, without zod: the page imports
 * these in the browser and loads the schemas (power.ts) only when the form is first used.
 */

import { yearInChile } from '#domain/chile-year'

/** Spec §5: the first year of the list. */
export const VEHICLE_YEAR_MIN = 2005

/** The newest year offered at `now`: next year's models are sold from the middle of this one (Chile's calendar). */
export function vehicleYearMax(now: Date): number {
  return yearInChile(now) + 1
}

/** The choices of the vehicle-year select at `now`, newest first: next year down to 2005 (decision 42). */
export function vehicleYears(now: Date): number[] {
  const max = vehicleYearMax(now)
  return Array.from({ length: max - VEHICLE_YEAR_MIN + 1 }, (_, i) => max - i)
}

export const vehicleYearMessage = (now: Date) => `Selecciona un año entre ${VEHICLE_YEAR_MIN} y ${vehicleYearMax(now)}`

/** Owner ID images: png, jpg or jpeg, under 3 MB: 3145727 bytes pass, 3145728 do not (spec §5). */
export const OWNER_ID_IMAGE_MAX_BYTES = 3145728
/** The largest accepted owner ID image. */
export const OWNER_ID_IMAGE_LARGEST = OWNER_ID_IMAGE_MAX_BYTES - 1
export const OWNER_ID_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const
export const OWNER_ID_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const

export const ownerIdImageTooLargeMessage = (tipo: string) =>
  `El archivo ${tipo} es demasiado grande. Por favor, sube un archivo de menos de 3MB.`
export const ownerIdImageInvalidTypeMessage = (tipo: string) =>
  `El archivo ${tipo} tiene un tipo no válido. Por favor, sube un archivo con uno ` +
  `de los siguientes tipos: PNG, JPG, JPEG.`

/** The two image fields with the {tipo} used in their messages. */
export const OWNER_ID_IMAGE_FIELDS = [
  { name: 'cedula_identidad_frontal_owner', tipo: 'Cédula de identidad (frontal)' },
  { name: 'cedula_identidad_posterior_owner', tipo: 'Cédula de identidad (posterior)' },
] as const

/** The driver-side field names (phase 1 of the page), in form order. */
export const POWER_DRIVER_FIELDS = [
  'fullNameDriver',
  'rutDriver',
  'addressDriver',
  'nationalityDriver',
  'vehicleBrand',
  'vehicleModel',
  'vehicleYear',
  'vehicleLicensePlate',
] as const
/** The owner-side text field names (phase 2 of the page), in form order. */
export const POWER_OWNER_FIELDS = [
  'fullNameOwner',
  'rutOwner',
  'addressOwner',
  'nationalityOwner',
  'phoneOwner',
  'emailOwner',
] as const
/** Multipart names of the owner ID images in POST /users/create-power-simple (spec §7). */
export const ownerIdImagePart = (name: (typeof OWNER_ID_IMAGE_FIELDS)[number]['name']) => `files[${name}]`
