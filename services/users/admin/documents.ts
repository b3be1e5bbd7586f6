import type { Context } from 'hono'
import { z } from 'zod'
import {
  documentDetailSchema,
  documentPagesSchema,
  expiringDocumentsSchema,
  queueSchema,
  reviewResultSchema,
} from '#domain/contract/admin'
import { documentQueueQuerySchema, reviewDecisionSchema } from '#domain/validation/admin'
import type { AuthEnv } from '#services/platform/auth'
import {
  defineRoute,
  errors,
  fileResponse,
  idParams,
  jsonBody,
  jsonResponse,
  OpenAPIHono,
} from '#services/platform/contract'
import { changesPublicContent } from '#services/platform/invalidation'
import { createPdfPages } from '#services/platform/pdf/pages'
import type { Platform } from '#services/platform/platform'
import { storedFileHeaders } from '#services/users/driver-area/images'
import {
  countDocumentPages,
  listExpiringDocuments,
  readDocumentFile,
  readDocumentForReview,
  readDocumentPage,
  reviewDocument,
} from './document-review-operations'
import { documentQueue } from './queue'
import { actorOf } from './shared'

/** The queue's filters from the query string: a value the schema does not know is no filter. */
function queueFilters(c: Context) {
  return documentQueueQuerySchema.parse({
    slot: c.req.query('slot') || undefined,
    origin: c.req.query('origin') || undefined,
    driver: c.req.query('driver') || undefined,
    alerts: c.req.query('alerts') || undefined,
    due: c.req.query('due') || undefined,
  })
}

/**
 * The console's document review: the queue, the documents about to expire, one document with its
 * file and PDF pages, and the decision. Each handler reads the staff member of the session and the
 * input, and answers what one operation of document-review-operations.ts (the queue: queue.ts)
 * returns; the files' bytes go out with their headers here.
 */
export function adminDocumentRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents',
      operationId: 'listDocumentQueue',
      tags,
      summary: 'La cola de documentos pendientes (filtros slot, origin, driver, alerts y due en la consulta)',
      responses: { 200: jsonResponse(queueSchema, 'Cola'), ...errors(401, 403) },
    },
    async (c) => c.json(await documentQueue(p, c.get('auth').userId, queueFilters(c), p.now())),
  )

  // Drivers with documents about to expire (or expired), for the console.
  defineRoute(
    app,
    {
      method: 'get',
      path: '/expiring-documents',
      operationId: 'listExpiringDocuments',
      tags,
      summary: 'Los documentos que vencen en los próximos 30 días o ya vencidos, el más próximo primero',
      responses: { 200: jsonResponse(expiringDocumentsSchema, 'Documentos por vencer'), ...errors(401, 403) },
    },
    async (c) => c.json(await listExpiringDocuments(p)),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}',
      operationId: 'getDocumentForReview',
      tags,
      summary: 'Un documento para revisar, con el conductor, sus casillas, el historial y el siguiente de la cola',
      request: { params: idParams },
      responses: { 200: jsonResponse(documentDetailSchema, 'Documento'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const input = { ...c.req.valid('param'), ...queueFilters(c) }
      return c.json(await readDocumentForReview(p, c.get('auth').userId, input))
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}/file',
      operationId: 'downloadDocumentFile',
      tags,
      summary: 'El archivo de un documento',
      request: { params: idParams },
      responses: { 200: fileResponse('El archivo'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { bytes, type, filename } = await readDocumentFile(p, c.get('auth').userId, c.req.valid('param'))
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedFileHeaders(type, filename, bytes.byteLength))
    },
  )

  /**
   * A PDF's pages as images for the console's viewer (decision 91): drawn on the server, in a
   * worker with time, size and page caps (services/platform/pdf/pages.ts), kept in memory by the
   * stored file's key. The file's bytes are read only when a page is not kept yet.
   */
  const pdfPages = createPdfPages()

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}/pages',
      operationId: 'countDocumentPages',
      tags,
      summary: 'Cuántas páginas tiene un documento PDF y cuántas muestra el visor como imágenes',
      request: { params: idParams },
      responses: { 200: jsonResponse(documentPagesSchema, 'Páginas'), ...errors(400, 401, 403, 404) },
    },
    async (c) => c.json(await countDocumentPages(p, c.req.valid('param'), pdfPages)),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/documents/{id}/pages/{page}',
      operationId: 'renderDocumentPage',
      tags,
      summary: 'Una página de un documento PDF como imagen PNG, para el visor de la consola',
      request: {
        params: idParams.extend({
          page: z
            .string()
            .regex(/^[1-9][0-9]{0,2}$/)
            .transform(Number)
            .meta({ example: '1' }),
        }),
      },
      responses: { 200: fileResponse('La página', 'image/png'), ...errors(400, 401, 403, 404) },
    },
    async (c) => {
      const { bytes, type, filename } = await readDocumentPage(p, c.get('auth').userId, c.req.valid('param'), pdfPages)
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedFileHeaders(type, filename, bytes.byteLength))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/documents/{id}/review',
      operationId: 'reviewDocument',
      tags,
      summary: 'Acepta o rechaza (con motivo) un documento',
      middleware: [changesPublicContent(p)],
      request: { params: idParams, body: jsonBody(reviewDecisionSchema) },
      responses: { 200: jsonResponse(reviewResultSchema, 'Revisión guardada'), ...errors(400, 401, 403, 404, 409) },
    },
    async (c) => {
      const input = { ...c.req.valid('json'), id: c.req.valid('param').id }
      return c.json(await reviewDocument(p, await actorOf(p, c), input))
    },
  )

  return app
}
