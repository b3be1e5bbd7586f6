import { FILE_REMOVED } from '#domain/reference-data/documents'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { EXTENSION_FOR, type SniffedType } from './images'
import { notFound, type DriverActor } from './shared'

/**
 * A driver's stored files as operations `(platform, driver, input) → file`: a document's file and
 * the profile photo, each only to the driver who owns it. Another driver's id and an id that does
 * not exist get the same 404, so ids reveal nothing. The routes (files.ts) read the driver of the
 * session and the id and send the bytes; tests and scripts call the operations directly.
 */

/** One of the driver's files, by the id of the call's path. */
interface FileId {
  id: number
}

/** A file as the route sends it: its bytes, its type and the name it is offered under. */
export interface StoredFile {
  bytes: Uint8Array
  type: string
  filename: string
}

/** The file of one of the driver's document records; 404 for none, with FILE_REMOVED once it was purged. */
export async function driverFile(
  p: Pick<Platform, 'db' | 'files'>,
  driver: DriverActor,
  { id }: FileId,
): Promise<StoredFile> {
  const row = await p.db
    .selectFrom('user_files')
    .select(['storage_key', 'mime_type', 'purpose_name', 'file_purged_at'])
    .where('id', '=', id)
    .where('user_id', '=', driver.userId)
    .executeTakeFirst()
  if (row?.file_purged_at) throw new ApiError(404, FILE_REMOVED)
  const bytes = row ? await p.files.get(row.storage_key) : null
  if (!row || !bytes) throw notFound()
  const ext = EXTENSION_FOR[row.mime_type as SniffedType] ?? 'bin'
  return { bytes, type: row.mime_type, filename: `${row.purpose_name}.${ext}` }
}

/** One of the driver's profile photos; 404 for none. */
export async function profileImageFile(
  p: Pick<Platform, 'db' | 'files'>,
  driver: DriverActor,
  { id }: FileId,
): Promise<StoredFile> {
  const row = await p.db
    .selectFrom('profile_images')
    .select(['storage_key', 'mime_type'])
    .where('id', '=', id)
    .where('user_id', '=', driver.userId)
    .executeTakeFirst()
  const bytes = row ? await p.files.get(row.storage_key) : null
  if (!row || !bytes) throw notFound()
  return { bytes, type: row.mime_type, filename: 'perfil.jpg' }
}
