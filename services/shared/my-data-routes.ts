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
import type { Platform } from '#services/platform/platform'
import { dataExportFile, readMyData, requestDataExport, requestRectification } from './my-data-operations'

/** Rectification requests per visitor: they mail the team (RATE_LIMIT_FACTOR raises it like every limit). */
const RECTIFICATION_LIMIT = { count: 5, windowMs: 60 * 60_000 }

/**
 * «Mis datos» (Ley 21.719 access, portability and rectification; decision 75), the same four calls
 * for a driver (users service, mounted at /users, role User) and a company (business service, at
 * /business, role business). Each handler reads the session and the validated input, and answers
 * what one operation of my-data-operations.ts returns; the rectification's rate limit is the
 * route's own.
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
    async (c) => c.json(await readMyData(p, c.get('auth'))),
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
    async (c) => c.json(await requestDataExport(p, c.get('auth'))),
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
      const { bytes, filename } = await dataExportFile(p, c.get('auth'), c.req.valid('param'))
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/zip',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `attachment; filename="${filename}"`,
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
    async (c) => c.json(await requestRectification(p, c.get('auth'), c.req.valid('json')), 201),
  )

  return app
}
