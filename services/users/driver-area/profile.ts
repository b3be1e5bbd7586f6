import { z } from 'zod'
import { driverProfileSchema, profileImageUpdatedSchema, profileUpdatedSchema } from '#domain/contract/users'
import { findCommune } from '#domain/reference-data/geography'
import { findVehicle } from '#domain/reference-data/vehicles'
import { PROFILE_MESSAGES, profileSchema } from '#domain/validation/profile'
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MESSAGES, profileImageSchema } from '#domain/validation/profile-image'
import type { AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileField,
  jsonBody,
  jsonResponse,
  multipartBody,
  OpenAPIHono,
} from '#services/platform/contract'
import type { User } from '#services/platform/db/schema'
import { inTransaction, lockUser } from '#services/platform/db/transaction'
import { ApiError, validate } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { normalizeProfileImage, sniffType } from './images'
import { isUniqueViolation, readForm, requireDriver, unwrapData } from './shared'

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

export function profileRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)
  const findUser = (id: number) => p.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/get-extra-data-user',
      operationId: 'getDriverProfile',
      tags,
      summary: 'Los datos del perfil del conductor',
      middleware: [auth],
      responses: { 200: jsonResponse(driverProfileSchema, 'Perfil'), ...errors(401, 403) },
    },
    async (c) => c.json(profileOf(await findUser(c.get('auth').userId))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/update-data-user',
      operationId: 'updateDriverProfile',
      tags,
      summary:
        'Actualiza nombre, apellido, dirección, sobre mí, teléfono, tipo de vehículo y ' +
        'comuna (el objeto puede venir dentro de data)',
      middleware: [auth],
      request: { body: jsonBody(profileSchema, { prepare: unwrapData }) },
      responses: { 200: jsonResponse(profileUpdatedSchema, 'Perfil actualizado'), ...errors(400, 401, 403, 409) },
    },
    async (c) => {
      const userId = c.get('auth').userId
      const input = c.req.valid('json')
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
      return c.json({ message: PROFILE_SERVICE_MESSAGES.updated, ...profileOf(await findUser(userId)) })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/update-profile-image',
      operationId: 'updateProfileImage',
      tags,
      summary: 'Cambia la foto de perfil (PNG o JPEG)',
      middleware: [auth],
      request: { body: multipartBody(z.object({ newProfileImage: fileField() })) },
      responses: { 200: jsonResponse(profileImageUpdatedSchema, 'Imagen actualizada'), ...errors(400, 401, 403, 413) },
    },
    async (c) => {
      const userId = c.get('auth').userId
      const form = await readForm(c)
      const file = form.get('newProfileImage')
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
      return c.json({ message: PROFILE_SERVICE_MESSAGES.imageUpdated, img_profile: imgProfile })
    },
  )

  return app
}
