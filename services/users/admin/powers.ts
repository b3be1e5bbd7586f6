import type { Kysely } from 'kysely'
import { z } from 'zod'
import { signatureRecordedSchema } from '#domain/contract/admin'
import type { AuthEnv } from '#services/platform/auth'
import type { ColumnCipher } from '#services/platform/column-crypto'
import { defineRoute, errors, fileResponse, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Database } from '#services/platform/db/schema'
import type { Platform } from '#services/platform/platform'
import { storedFileHeaders } from '#services/users/driver-area/images'
import { readPowerIdImage, recordPowerSignature } from './power-operations'
import { actorOf } from './shared'

/** What the review of a simple power's PDF shows besides the PDF. */
export interface PowerReview {
  id: number
  status: 'PENDING_SIGNATURE' | 'SIGNED'
  owner: { name: string; rut: string; phone: string; email: string }
  vehicle: { brand: string; model: string; year: number; plate: string }
  created_at: string
  signature: { recorded_at: string; recorded_by: string } | null
  /** The console's URLs of the owner's ID images (front, back). */
  id_images: { front: string; back: string }
  /** When the retention job removed them (decision 79); null: still kept. */
  id_images_removed_at: string | null
}

/** The power whose generated PDF is the user_files row `fileId`, if it is one. */
export async function powerOfDocument(db: Kysely<Database>, fileId: number) {
  return db.selectFrom('simple_powers').selectAll().where('document_file_id', '=', fileId).executeTakeFirst()
}

export function toPowerReview(
  columns: ColumnCipher,
  row: NonNullable<Awaited<ReturnType<typeof powerOfDocument>>>,
): PowerReview {
  return {
    id: row.id,
    status: row.status,
    owner: {
      name: row.full_name_owner,
      rut: columns.open('rut', row.rut_owner),
      phone: row.phone_owner,
      email: row.email_owner,
    },
    vehicle: {
      brand: row.vehicle_brand,
      model: row.vehicle_model,
      year: row.vehicle_year,
      plate: row.vehicle_license_plate,
    },
    created_at: row.created_at,
    signature: row.signature_recorded_at
      ? { recorded_at: row.signature_recorded_at, recorded_by: row.signature_recorded_by ?? '—' }
      : null,
    id_images: { front: `/admin/powers/${row.id}/id-images/front`, back: `/admin/powers/${row.id}/id-images/back` },
    id_images_removed_at: row.id_images_purged_at,
  }
}

/**
 * The console's calls for simple powers: the owner's ID images and the recorded signature. Each
 * handler reads the admin and the validated input, and answers what one operation of
 * power-operations.ts returns.
 */
export function adminPowerRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/powers/{id}/id-images/{side}',
      operationId: 'getPowerIdImage',
      tags,
      summary: 'Una imagen de la cédula del dueño (front o back)',
      request: { params: idParams.extend({ side: z.string() }) },
      responses: { 200: fileResponse('La imagen'), ...errors(401, 403, 404) },
    },
    async (c) => {
      const { bytes, mime, filename } = await readPowerIdImage(p, c.get('auth').userId, c.req.valid('param'))
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, storedFileHeaders(mime, filename, bytes.byteLength))
    },
  )

  defineRoute(
    app,
    {
      method: 'post',
      path: '/powers/{id}/signature',
      operationId: 'recordPowerSignature',
      tags,
      summary: 'Registra la firma del dueño recibida por WhatsApp (409 si ya estaba)',
      request: { params: idParams },
      responses: { 200: jsonResponse(signatureRecordedSchema, 'Firma registrada'), ...errors(401, 403, 404, 409) },
    },
    async (c) => c.json(await recordPowerSignature(p, await actorOf(p, c), c.req.valid('param'))),
  )

  return app
}
