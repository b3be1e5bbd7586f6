import { Hono, type Context } from 'hono'
import type { AuthEnv } from '#services/platform/auth'
import { parseId } from '#services/platform/http'
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
  const app = new Hono<AuthEnv>()
  const auth = requireDriver(p)

  app.get('/files/:id', auth, async (c) => {
    const id = parseId(c.req.param('id'))
    const row = await p.db
      .selectFrom('user_files')
      .select(['storage_key', 'mime_type', 'purpose_name'])
      .where('id', '=', id)
      .where('user_id', '=', c.get('auth').userId)
      .executeTakeFirst()
    const bytes = row ? await p.files.get(row.storage_key) : null
    if (!row || !bytes) throw notFound()
    const ext = EXTENSION_FOR[row.mime_type as SniffedType] ?? 'bin'
    return send(c, bytes, row.mime_type, `${row.purpose_name}.${ext}`)
  })

  app.get('/profile-image/:id', auth, async (c) => {
    const id = parseId(c.req.param('id'))
    const row = await p.db.selectFrom('profile_images').select(['storage_key', 'mime_type']).where('id', '=', id).where('user_id', '=', c.get('auth').userId).executeTakeFirst()
    const bytes = row ? await p.files.get(row.storage_key) : null
    if (!row || !bytes) throw notFound()
    return send(c, bytes, row.mime_type, 'perfil.jpg')
  })

  return app
}
