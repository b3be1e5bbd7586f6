import type { Context } from 'hono'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, fileResponse, idParams, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { driverFile, profileImageFile, type StoredFile } from './file-operations'
import { storedFileHeaders } from './images'
import { driverActor, requireDriver } from './shared'

function send(c: Context, { bytes, type, filename }: StoredFile) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedFileHeaders(type, filename, bytes.byteLength))
}

/**
 * Files are private: each is served only to the driver who owns it. Each handler reads the driver
 * of the session and the id, and sends what one operation of file-operations.ts returns.
 */
export function fileRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)

  defineRoute(
    app,
    {
      method: 'get',
      path: '/files/{id}',
      operationId: 'getDriverFile',
      tags,
      summary: 'Un documento del conductor (solo a su dueño)',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: fileResponse('El archivo (PDF, PNG o JPEG)'), ...errors(401, 403, 404) },
    },
    async (c) => send(c, await driverFile(p, driverActor(c), c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/profile-image/{id}',
      operationId: 'getProfileImage',
      tags,
      summary: 'La foto de perfil del conductor (solo a su dueño)',
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: fileResponse('La imagen', 'image/jpeg'), ...errors(401, 403, 404) },
    },
    async (c) => send(c, await profileImageFile(p, driverActor(c), c.req.valid('param'))),
  )

  return app
}
