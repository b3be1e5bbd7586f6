import type { Kysely } from 'kysely'
import { z } from 'zod'
import { signatureRecordedSchema } from '#domain/contract/admin'
import { FILE_REMOVED } from '#domain/reference-data/documents'
import { ADMIN_MESSAGES } from '#domain/validation/admin-constants'
import type { AuthEnv } from '#services/platform/auth'
import type { ColumnCipher } from '#services/platform/column-crypto'
import { defineRoute, errors, fileResponse, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { recordView } from '#services/shared/data-views'
import { EXTENSION_FOR, storedFileHeaders, type SniffedType } from '#services/users/driver-area/images'
import { actorOf, audit } from './shared'

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

/** The console's calls for simple powers: the owner's ID images and the recorded signature. */
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
      const { id } = c.req.valid('param')
      const side = c.req.param('side')
      if (side !== 'front' && side !== 'back') throw new ApiError(404, MESSAGES.notFound)
      const row = await p.db
        .selectFrom('simple_powers')
        .select(['user_id', 'id_front_key', 'id_front_mime', 'id_back_key', 'id_back_mime', 'id_images_purged_at'])
        .where('id', '=', id)
        .executeTakeFirst()
      if (row?.id_images_purged_at) throw new ApiError(404, FILE_REMOVED)
      const key = side === 'front' ? row?.id_front_key : row?.id_back_key
      const mime = (side === 'front' ? row?.id_front_mime : row?.id_back_mime) as SniffedType | undefined
      const bytes = key ? await p.files.get(key) : null
      if (!row || !bytes || !mime) throw new ApiError(404, MESSAGES.notFound)
      // The owner is no account of ours: the view goes on the record of the driver who sent the power (decision 78).
      await recordView(p.db, {
        viewer: { kind: 'staff', userId: c.get('auth').userId },
        subjectUserId: row.user_id,
        kind: 'cedula_dueno',
        itemId: id,
        detail: side,
        now: p.now(),
      })
      return c.body(
        bytes as Uint8Array<ArrayBuffer>,
        200,
        storedFileHeaders(
          mime,
          `cedula-${side === 'front' ? 'anverso' : 'reverso'}-${id}.${EXTENSION_FOR[mime] ?? 'bin'}`,
          bytes.byteLength,
        ),
      )
    },
  )

  /**
   * 'Firma recibida': a reviewer has read the owner's WhatsApp reply (ACEPTO or a photo of the
   * signed document) and records it: when and by whom, in the power and in the audit log, in
   * one transaction. Recorded once: a second call changes nothing (409).
   */
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
    async (c) => {
      const { id } = c.req.valid('param')
      const who = await actorOf(p, c)
      const now = p.now()
      const ts = now.toISOString()
      await inTransaction(p.db, async (trx) => {
        const row = await trx
          .selectFrom('simple_powers')
          .select(['id', 'status', 'document_file_id', 'user_id'])
          .where('id', '=', id)
          .executeTakeFirst()
        if (!row) throw new ApiError(404, MESSAGES.notFound)
        const updated = await trx
          .updateTable('simple_powers')
          .set({
            status: 'SIGNED',
            signature_recorded_at: ts,
            signature_recorded_by: who.actor,
            signature_recorded_by_user_id: who.userId,
          })
          .where('id', '=', id)
          .where('signature_recorded_at', 'is', null)
          .executeTakeFirst()
        if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, ADMIN_MESSAGES.signatureAlready)
        await audit(
          trx,
          who,
          {
            action: 'power.signature',
            entityType: 'simple_power',
            entityId: id,
            before: { status: row.status, signature_recorded_at: null },
            after: {
              status: 'SIGNED',
              signature_recorded_at: ts,
              signature_recorded_by: who.actor,
              document_file_id: row.document_file_id,
              user_id: row.user_id,
            },
          },
          now,
        )
      })
      return c.json({
        message: ADMIN_MESSAGES.signatureRecorded,
        id,
        status: 'SIGNED',
        signature: { recorded_at: ts, recorded_by: who.actor },
      })
    },
  )

  return app
}
