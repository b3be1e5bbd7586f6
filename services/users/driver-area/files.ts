import type { Context } from 'hono'
import { FILE_REMOVED } from '#domain/reference-data/documents'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, fileResponse, idParams, OpenAPIHono } from '#services/platform/contract'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { EXTENSION_FOR, storedFileHeaders, type SniffedType } from './images'
import { notFound, requireDriver } from './shared'

function send(c: Context, bytes: Uint8Array, type: string, filename: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedFileHeaders(type, filename, bytes.byteLength))
}

/**
 * Files are private: each is served only to the driver who owns it. Another driver's id and an
 * id that does not exist get the same 404, so ids reveal nothing.
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
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await p.db
        .selectFrom('user_files')
        .select(['storage_key', 'mime_type', 'purpose_name', 'file_purged_at'])
        .where('id', '=', id)
        .where('user_id', '=', c.get('auth').userId)
        .executeTakeFirst()
      if (row?.file_purged_at) throw new ApiError(404, FILE_REMOVED)
      const bytes = row ? await p.files.get(row.storage_key) : null
      if (!row || !bytes) throw notFound()
      const ext = EXTENSION_FOR[row.mime_type as SniffedType] ?? 'bin'
      return send(c, bytes, row.mime_type, `${row.purpose_name}.${ext}`)
    },
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
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await p.db
        .selectFrom('profile_images')
        .select(['storage_key', 'mime_type'])
        .where('id', '=', id)
        .where('user_id', '=', c.get('auth').userId)
        .executeTakeFirst()
      const bytes = row ? await p.files.get(row.storage_key) : null
      if (!row || !bytes) throw notFound()
      return send(c, bytes, row.mime_type, 'perfil.jpg')
    },
  )

  return app
}
