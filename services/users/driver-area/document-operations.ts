import type { Selectable } from 'kysely'
import type { DocumentRecord } from '#domain/contract/users'
import { dayInChile } from '#domain/format'
import { serializePhotoFlags } from '#domain/photo-quality'
import {
  DOCUMENT_SLOT_KEYS,
  expiryFieldName,
  isDocumentSlotKey,
  isExpiringSlot,
  type DocumentSlotKey,
} from '#domain/reference-data/documents'
import { DOCUMENT_UPLOAD } from '#domain/uploads'
import { checkExpiryDate } from '#domain/validation/documents'
import type { UserFilesTable } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { DOCUMENT_MAX_PIXELS, documentPhotoFlags, EXTENSION_FOR, normalizeDocumentImage, sniffType } from './images'
import type { DriverActor } from './shared'

/**
 * A driver's documents as operations `(platform, driver, input) → result`: the latest record of
 * each slot, and an upload of one file per slot (the input: the multipart form as received). The
 * routes (documents.ts) read the driver of the session and the form and answer with the result;
 * tests and scripts call the operations directly.
 */

/**
 * Per file (domain/uploads.ts, as the page and the browser check it); the whole multipart body is
 * capped at 12 MB by services/app.ts.
 */
const DOCUMENT_MAX_BYTES = DOCUMENT_UPLOAD.maxBytes

export const DOCUMENT_MESSAGES = {
  uploaded: 'Archivos subidos correctamente.',
  missing: DOCUMENT_UPLOAD.messages.required,
  unknownSlot: 'El documento indicado no existe.',
  duplicated: 'Envía un solo archivo por documento.',
  empty: DOCUMENT_UPLOAD.messages.empty,
  invalidType: DOCUMENT_UPLOAD.messages.invalidType,
  tooLarge: DOCUMENT_UPLOAD.messages.tooLarge,
  imageUnreadable: 'No se pudo leer la imagen. Intenta con otro archivo.',
  imageTooManyPixels:
    `La imagen tiene demasiados píxeles (máximo ${DOCUMENT_MAX_PIXELS / 1_000_000} ` +
    `megapíxeles). Sube una foto o un escaneo más pequeño.`,
} as const

export function toDocumentRecord(row: Selectable<UserFilesTable>): DocumentRecord {
  return {
    purpose_name: row.purpose_name as DocumentSlotKey,
    file_status: row.file_status,
    id_file: row.id,
    type_name: row.mime_type,
    url_file: `/users/files/${row.id}`,
    rejection_reason: row.rejection_reason,
    date_upload: row.created_at,
    ...(isExpiringSlot(row.purpose_name) ? { expires_on: row.expires_on } : {}),
    ...(row.file_purged_at ? { file_removed: true as const } : {}),
  }
}

/** History is kept (every upload is a row): the latest record of each slot, in the slots' order. */
export async function listDocuments(p: Pick<Platform, 'db'>, driver: DriverActor) {
  const rows = await p.db
    .selectFrom('user_files')
    .selectAll()
    .where('user_id', '=', driver.userId)
    .orderBy('id', 'asc')
    .execute()
  const latest = new Map<string, Selectable<UserFilesTable>>()
  for (const row of rows) latest.set(row.purpose_name, row)
  return DOCUMENT_SLOT_KEYS.flatMap((key) => (latest.has(key) ? [toDocumentRecord(latest.get(key)!)] : []))
}

/**
 * Uploads the form's files, one field per slot, each kind that expires with its date beside it
 * ('<slot>_expires_on'): every file is checked first (kind, size, a photo decoded and measured),
 * then all are stored and written as PENDING records in one transaction, or none is. 400 for a
 * form that breaks a rule, 413 for a file too large.
 */
export async function uploadDocuments(p: Pick<Platform, 'db' | 'files' | 'now'>, driver: DriverActor, form: FormData) {
  const { userId } = driver
  const files: Array<{ slot: DocumentSlotKey; file: File }> = []
  for (const [key, value] of form.entries()) {
    if (!isDocumentSlotKey(key)) {
      if (typeof value === 'string') continue
      throw new ApiError(400, DOCUMENT_MESSAGES.unknownSlot)
    }
    if (typeof value === 'string') throw new ApiError(400, DOCUMENT_MESSAGES.missing)
    if (files.some((f) => f.slot === key)) throw new ApiError(400, DOCUMENT_MESSAGES.duplicated)
    files.push({ slot: key, file: value })
  }
  if (files.length === 0) throw new ApiError(400, DOCUMENT_MESSAGES.missing)
  // The kinds that expire carry their date beside the file: '<slot>_expires_on'.
  const today = dayInChile(p.now())
  const expiries = new Map<DocumentSlotKey, string>()
  for (const { slot } of files) {
    if (!isExpiringSlot(slot)) continue
    const values = form.getAll(expiryFieldName(slot))
    if (values.length > 1) throw new ApiError(400, DOCUMENT_MESSAGES.duplicated)
    const checked = checkExpiryDate(values[0], today)
    if (!checked.ok) throw new ApiError(400, checked.message)
    expiries.set(slot, checked.day)
  }
  // Every file is checked before anything is written: all or nothing.
  const checked: Array<{
    slot: DocumentSlotKey
    bytes: Uint8Array
    type: NonNullable<ReturnType<typeof sniffType>>
    name: string
    flags: string | null
  }> = []
  for (const { slot, file } of files) {
    if (file.size > DOCUMENT_MAX_BYTES) throw new ApiError(413, DOCUMENT_MESSAGES.tooLarge)
    if (file.size === 0) throw new ApiError(400, DOCUMENT_MESSAGES.empty)
    let bytes: Uint8Array = new Uint8Array(await file.arrayBuffer())
    const type = sniffType(bytes)
    if (!type) throw new ApiError(400, DOCUMENT_MESSAGES.invalidType)
    // A photo is measured as the browser measured it before sending (a PDF is not).
    let flags: string | null = null
    if (type !== 'application/pdf') {
      try {
        bytes = await normalizeDocumentImage(bytes, type)
        flags = serializePhotoFlags(await documentPhotoFlags(bytes))
      } catch (err) {
        throw new ApiError(
          400,
          /pixel limit/i.test(String(err)) ? DOCUMENT_MESSAGES.imageTooManyPixels : DOCUMENT_MESSAGES.imageUnreadable,
        )
      }
    }
    // The name is shown to the reviewer as typed, without control characters (PostgreSQL refuses NUL).
    const name = file.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200)
    checked.push({ slot, bytes, type, name: name || `${slot}.${EXTENSION_FOR[type]}`, flags })
  }

  const keys: string[] = []
  try {
    for (const f of checked) keys.push(await p.files.put('documents', f.bytes, EXTENSION_FOR[f.type]))
    const now = p.now().toISOString()
    const rows = await inTransaction(p.db, async (trx) => {
      const out = []
      for (const [i, f] of checked.entries()) {
        out.push(
          await trx
            .insertInto('user_files')
            .values({
              user_id: userId,
              purpose_name: f.slot,
              file_status: 'PENDING',
              storage_key: keys[i]!,
              mime_type: f.type,
              size_bytes: f.bytes.byteLength,
              original_name: f.name,
              rejection_reason: null,
              created_at: now,
              reviewed_at: null,
              expires_on: expiries.get(f.slot) ?? null,
              photo_flags: f.flags,
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
        )
      }
      return out
    })
    return { message: DOCUMENT_MESSAGES.uploaded, files: rows.map(toDocumentRecord) }
  } catch (err) {
    await Promise.all(keys.map((k) => p.files.remove(k).catch(() => {})))
    throw err
  }
}
