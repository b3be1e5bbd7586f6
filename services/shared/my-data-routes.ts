import { exportRequestedSchema, myDataSchema, requestLoggedSchema } from '#domain/contract/my-data'
import { rectificationSchema } from '#domain/validation/my-data'
import { rateLimit, requireRole, type AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileResponse,
  idParams,
  jsonBody,
  jsonResponse,
  OpenAPIHono,
  operationName,
} from '#services/platform/contract'
import type { Role } from '#services/platform/db/schema'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { EXPORT_EVERY_MS, MY_DATA_MESSAGES, requestExport, requestRectification } from './my-data'

/** Rectification requests per visitor: they mail the team (RATE_LIMIT_FACTOR raises it like every limit). */
const RECTIFICATION_LIMIT = { count: 5, windowMs: 60 * 60_000 }

/**
 * «Mis datos» (Ley 21.719 access, portability and rectification; decision 75), the same four calls
 * for a driver (users service, mounted at /users, role User) and a company (business service, at
 * /business, role business): each account reads and downloads only its own requests; another
 * account's request id is a 404 like one that does not exist.
 */
export function myDataRoutes(p: Platform, role: Extract<Role, 'User' | 'business'>) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Privacidad']
  const auth = requireRole(p, role)
  const who = role === 'User' ? 'del conductor' : 'de la empresa'

  defineRoute(
    app,
    {
      method: 'get',
      path: '/my-data',
      operationId: operationName('getMyData', role),
      tags,
      summary:
        `«Mis datos» ${who}: el estado de la cuenta (pausa, oposición, eliminación) y sus ` +
        `solicitudes (Ley 21.719)`,
      middleware: [auth],
      responses: { 200: jsonResponse(myDataSchema, 'Estado y solicitudes'), ...errors(401, 403) },
    },
    async (c) => {
      const userId = c.get('auth').userId
      const now = p.now()
      const [account, rows] = await Promise.all([
        p.db
          .selectFrom('users')
          .select(['paused_at', 'opted_out_at', 'deletion_due_at'])
          .where('id', '=', userId)
          .executeTakeFirstOrThrow(),
        p.db
          .selectFrom('privacy_requests')
          .select(['id', 'kind', 'status', 'detail', 'requested_at', 'answered_at', 'file_key', 'file_expires_at'])
          .where('user_id', '=', userId)
          .orderBy('requested_at', 'desc')
          .orderBy('id', 'desc')
          .limit(100)
          .execute(),
      ])
      const lastExport = rows.find((r) => r.kind === 'export' && r.status !== 'cancelled')
      const next = lastExport ? Date.parse(lastExport.requested_at) + EXPORT_EVERY_MS : 0
      return c.json({
        account,
        requests: rows.map(({ file_key, ...r }) => ({
          ...r,
          downloadable:
            r.kind === 'export' &&
            r.status === 'done' &&
            file_key !== null &&
            r.file_expires_at !== null &&
            r.file_expires_at > now.toISOString(),
        })),
        next_export_at: next > now.getTime() ? new Date(next).toISOString() : null,
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/my-data/export',
      operationId: operationName('requestDataExport', role),
      tags,
      summary: `Pide la copia de los datos ${who} (ZIP con datos.json y sus archivos), una vez al día`,
      middleware: [auth],
      responses: {
        200: jsonResponse(exportRequestedSchema, 'Pedida: lista al tiro (cuentas pequeñas) o en preparación'),
        ...errors(401, 403, 429),
      },
    },
    async (c) => {
      const result = await requestExport(p, c.get('auth').userId)
      return c.json({
        ...result,
        message: result.status === 'done' ? MY_DATA_MESSAGES.exportReady : MY_DATA_MESSAGES.exportQueued,
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/my-data/export/{id}/file',
      operationId: operationName('downloadDataExport', role),
      tags,
      summary: `El ZIP de una copia de datos ${who} (solo a su dueño, durante 7 días)`,
      middleware: [auth],
      request: { params: idParams },
      responses: { 200: fileResponse('El ZIP', 'application/zip'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { id } = c.req.valid('param')
      const row = await p.db
        .selectFrom('privacy_requests')
        .select(['file_key', 'file_expires_at', 'requested_at'])
        .where('id', '=', id)
        .where('user_id', '=', c.get('auth').userId)
        .where('kind', '=', 'export')
        .where('status', '=', 'done')
        .executeTakeFirst()
      const live = row?.file_key && row.file_expires_at && row.file_expires_at > p.now().toISOString()
      const bytes = live ? await p.files.get(row.file_key!) : null
      if (!bytes) throw new ApiError(404, MY_DATA_MESSAGES.exportNotAvailable)
      const day = row!.requested_at.slice(0, 10)
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="fleeters-mis-datos-${day}.zip"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/my-data/rectification',
      operationId: operationName('requestRectification', role),
      tags,
      summary: `Pide corregir un dato ${who} que no se puede editar (RUT, datos de un documento aprobado)`,
      middleware: [
        auth,
        rateLimit(
          p,
          `rectification-${role}`,
          RECTIFICATION_LIMIT.count * p.config.RATE_LIMIT_FACTOR,
          RECTIFICATION_LIMIT.windowMs,
        ),
      ],
      request: { body: jsonBody(rectificationSchema) },
      responses: { 201: jsonResponse(requestLoggedSchema, 'Solicitud registrada'), ...errors(400, 401, 403, 429) },
    },
    async (c) => {
      const { detail } = c.req.valid('json')
      const id = await requestRectification(p, c.get('auth').userId, detail)
      return c.json({ message: MY_DATA_MESSAGES.rectificationLogged, id }, 201)
    },
  )

  return app
}
