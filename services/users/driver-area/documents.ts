import { z } from 'zod'
import { documentRecordSchema, uploadedDocumentsSchema } from '#domain/contract/users'
import { DOCUMENT_SLOT_KEYS, EXPIRING_SLOTS, expiryFieldName } from '#domain/reference-data/documents'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, fileField, jsonResponse, multipartBody, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { listDocuments, uploadDocuments } from './document-operations'
import { driverActor, readForm, requireDriver } from './shared'

/**
 * The driver's documents. Each handler reads the driver of the session (and the upload's form), and
 * answers what one operation of document-operations.ts returns.
 */
export function documentRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Área del conductor']
  const auth = requireDriver(p)

  defineRoute(
    app,
    {
      method: 'get',
      path: '/obtain-all-documents-user',
      operationId: 'listDriverDocuments',
      tags,
      summary: 'Los documentos del conductor: el último registro de cada casilla',
      middleware: [auth],
      responses: {
        200: jsonResponse(z.array(documentRecordSchema), 'Lista de registros de documentos'),
        ...errors(401, 403),
      },
    },
    async (c) => c.json(await listDocuments(p, driverActor(c))),
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/upload-files-user',
      operationId: 'uploadDriverDocuments',
      tags,
      summary: 'Sube documentos: un campo de archivo por casilla (soap_frontal, licencia_conducir_frontal, …)',
      middleware: [auth],
      request: {
        body: multipartBody(
          z.object({
            ...Object.fromEntries(DOCUMENT_SLOT_KEYS.map((k) => [k, fileField().optional()])),
            // The kinds that expire need their date beside the file.
            ...Object.fromEntries(
              EXPIRING_SLOTS.map((k) => [
                expiryFieldName(k),
                z.iso
                  .date()
                  .optional()
                  .meta({ description: 'Fecha de vencimiento (aaaa-mm-dd), obligatoria junto al archivo' }),
              ]),
            ),
          }),
        ),
      },
      responses: { 201: jsonResponse(uploadedDocumentsSchema, 'Archivos subidos'), ...errors(400, 401, 403, 413) },
    },
    async (c) => c.json(await uploadDocuments(p, driverActor(c), await readForm(c)), 201),
  )

  return app
}
