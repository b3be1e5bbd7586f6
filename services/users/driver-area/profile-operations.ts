import { findCommune } from '#domain/reference-data/geography'
import { findVehicle } from '#domain/reference-data/vehicles'
import { PROFILE_MESSAGES, type ProfileValues } from '#domain/validation/profile'
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGES, profileImageSchema } from '#domain/validation/profile-image'
import type { User } from '#services/platform/db/schema'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError, validate } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { normalizeProfileImage, sniffType } from './images'
import { isUniqueViolation, type DriverActor } from './shared'

/**
 * A driver's profile as operations `(platform, driver, input) → result`: reading it, changing its
 * data, and replacing its photo. The routes (profile.ts) read the driver of the session and the
 * validated input (the photo: the form's entry) and answer with the result; tests and scripts
 * call the operations directly.
 */

export const PROFILE_SERVICE_MESSAGES = {
  updated: 'Datos actualizados correctamente.',
  phoneTaken: 'El teléfono ya está registrado.',
  imageUpdated: 'Imagen de perfil actualizada correctamente.',
  imageUnreadable: 'No se pudo leer la imagen. Intenta con otro archivo.',
} as const

/** Where the service serves a profile image (to its owner, with auth-user). */
export const profileImagePath = (id: number) => `/users/profile-image/${id}`

function profileOf(user: User) {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    address: user.address,
    about_me: user.about_me,
    phone: user.phone,
    email: user.email,
    img_profile: user.img_profile,
    id_vehicle: user.id_vehicle,
    name_vehicle: user.id_vehicle === null ? null : (findVehicle(user.id_vehicle)?.name_vehicle ?? null),
    id_commune: user.id_commune,
    name_commune: user.id_commune === null ? null : (findCommune(user.id_commune)?.name_commune ?? null),
  }
}

const findUser = (p: Pick<Platform, 'db'>, id: number) =>
  p.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** The driver's profile as «Mis datos» shows it. */
export async function readProfile(p: Pick<Platform, 'db'>, driver: DriverActor) {
  return profileOf(await findUser(p, driver.userId))
}

/**
 * Changes the driver's name, address, «sobre mí», phone, vehicle and commune; answers the profile
 * as saved. 400 for a commune not in the list, 409 for a phone another account has.
 */
export async function updateProfile(p: Pick<Platform, 'db' | 'now'>, driver: DriverActor, input: ProfileValues) {
  const { userId } = driver
  // The schema checks a commune by its CUT code (domain/validation/place-ids.ts): here, that it is one of the list.
  if (input.id_commune != null && !findCommune(input.id_commune))
    throw new ApiError(400, PROFILE_MESSAGES.invalidOption)
  // The schema gives the driver's phone as registration stores it (569XXXXXXXX), so uniqueness holds.
  const phone = input.phone
  if (phone) {
    const other = await p.db
      .selectFrom('users')
      .select('id')
      .where('phone', '=', phone)
      .where('id', '!=', userId)
      .executeTakeFirst()
    if (other) throw new ApiError(409, PROFILE_SERVICE_MESSAGES.phoneTaken)
  }
  try {
    await p.db
      .updateTable('users')
      .set({
        firstname: input.firstname,
        lastname: input.lastname,
        address: input.address || null,
        about_me: input.about_me || null,
        ...(phone ? { phone } : {}),
        // Absent: unchanged; null: not stated.
        ...(input.id_vehicle !== undefined ? { id_vehicle: input.id_vehicle } : {}),
        ...(input.id_commune !== undefined ? { id_commune: input.id_commune } : {}),
        updated_at: p.now().toISOString(),
      })
      .where('id', '=', userId)
      .execute()
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError(409, PROFILE_SERVICE_MESSAGES.phoneTaken)
    throw err
  }
  return { message: PROFILE_SERVICE_MESSAGES.updated, ...profileOf(await findUser(p, userId)) }
}

/**
 * Replaces the driver's photo with the form's `newProfileImage` (PNG or JPEG), stored as a square
 * JPEG without its metadata; the previous photo's row and file go. 400 for none or another kind of
 * file or one that does not decode, 413 for one too large.
 */
export async function updateProfileImage(
  p: Pick<Platform, 'db' | 'dialect' | 'files' | 'now'>,
  driver: DriverActor,
  { newProfileImage: file }: { newProfileImage: FormDataEntryValue | null },
) {
  const { userId } = driver
  if (!file || typeof file === 'string' || file.size === 0) throw new ApiError(400, PROFILE_IMAGE_MESSAGES.required)
  if (file.size > PROFILE_IMAGE_MAX_BYTES) throw new ApiError(413, PROFILE_IMAGE_MESSAGES.tooLarge)
  validate(profileImageSchema, { newProfileImage: file })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = sniffType(bytes)
  if (type !== 'image/png' && type !== 'image/jpeg') throw new ApiError(400, PROFILE_IMAGE_MESSAGES.invalidType)
  let image: Uint8Array
  try {
    image = await normalizeProfileImage(bytes)
  } catch {
    throw new ApiError(400, PROFILE_SERVICE_MESSAGES.imageUnreadable)
  }

  const key = await p.files.put('profile-images', image, 'jpg')
  let previous: Array<{ id: number; storage_key: string }> = []
  let imgProfile: string
  try {
    imgProfile = await inTransaction(p.db, async (trx) => {
      // Replacements of one driver's photo run one after the other: each sees the row the
      // previous one wrote and removes it (one row per driver, unique since migration 0007).
      await lockUser(trx, p.dialect, userId)
      previous = await trx
        .selectFrom('profile_images')
        .select(['id', 'storage_key'])
        .where('user_id', '=', userId)
        .execute()
      const now = p.now().toISOString()
      if (previous.length)
        await trx
          .deleteFrom('profile_images')
          .where(
            'id',
            'in',
            previous.map((r) => r.id),
          )
          .execute()
      const row = await trx
        .insertInto('profile_images')
        .values({
          user_id: userId,
          storage_key: key,
          mime_type: 'image/jpeg',
          size_bytes: image.byteLength,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const path = profileImagePath(row.id)
      await trx.updateTable('users').set({ img_profile: path, updated_at: now }).where('id', '=', userId).execute()
      return path
    })
  } catch (err) {
    await p.files.remove(key).catch(() => {})
    throw err
  }
  // Old pictures go once the new one is committed; a failure here only leaves an orphan file.
  await Promise.all(previous.map((r) => p.files.remove(r.storage_key).catch(() => {})))
  return { message: PROFILE_SERVICE_MESSAGES.imageUpdated, img_profile: imgProfile }
}
