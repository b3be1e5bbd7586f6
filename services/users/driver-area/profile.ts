import { z } from 'zod'
import { driverProfileSchema, profileImageUpdatedSchema, profileUpdatedSchema } from '#domain/contract/users'
import { profileSchema } from '#domain/validation/profile'
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
import type { Platform } from '#services/platform/platform'
import { readProfile, updateProfile, updateProfileImage } from './profile-operations'
import { driverActor, readForm, requireDriver, unwrapData } from './shared'

/**
 * The driver's profile. Each handler reads the driver of the session and the validated input, and
 * answers what one operation of profile-operations.ts returns.
 */
export function profileRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)

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
    async (c) => c.json(await readProfile(p, driverActor(c))),
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
    async (c) => c.json(await updateProfile(p, driverActor(c), c.req.valid('json'))),
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
      const form = await readForm(c)
      return c.json(await updateProfileImage(p, driverActor(c), { newProfileImage: form.get('newProfileImage') }))
    },
  )

  return app
}
