import { FILE_REMOVED } from '#domain/reference-data/documents'
import { ADMIN_MESSAGES } from '#domain/validation/admin-constants'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { recordView } from '#services/shared/data-views'
import { EXTENSION_FOR, type SniffedType } from '#services/users/driver-area/images'
import { audit, type Actor } from './shared'

/**
 * The console's simple powers as operations `(platform, actor, input) → result`: an image of the
 * owner's ID, and the owner's signature recorded. The routes (powers.ts) read the admin and the
 * validated input and answer with the result; tests and scripts call the operations directly.
 */

/** One image of the owner's ID as stored, with the name it is downloaded under. */
export interface PowerIdImage {
  bytes: Uint8Array
  mime: SniffedType
  filename: string
}

/**
 * One side ('front' or 'back') of the owner's ID image; 404 for another side, a power without it
 * or none, and FILE_REMOVED once the retention job removed it (decision 79). The staff member who
 * reads it is recorded as having seen it (decision 78).
 */
export async function readPowerIdImage(
  p: Platform,
  staffUserId: number,
  { id, side }: { id: number; side: string },
): Promise<PowerIdImage> {
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
    viewer: { kind: 'staff', userId: staffUserId },
    subjectUserId: row.user_id,
    kind: 'cedula_dueno',
    itemId: id,
    detail: side,
    now: p.now(),
  })
  const filename = `cedula-${side === 'front' ? 'anverso' : 'reverso'}-${id}.${EXTENSION_FOR[mime] ?? 'bin'}`
  return { bytes, mime, filename }
}

/**
 * 'Firma recibida': a reviewer has read the owner's WhatsApp reply (ACEPTO or a photo of the
 * signed document) and records it: when and by whom, in the power and in the audit log, in one
 * transaction. Recorded once: a second call changes nothing (409); 404 for no such power.
 */
export async function recordPowerSignature(p: Pick<Platform, 'db' | 'now'>, who: Actor, { id }: { id: number }) {
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
  return {
    message: ADMIN_MESSAGES.signatureRecorded,
    id,
    status: 'SIGNED' as const,
    signature: { recorded_at: ts, recorded_by: who.actor },
  }
}
