import type { Kysely } from 'kysely'
import type { AuditSubject } from '#domain/contract/admin'
import { addDays, dayInChile, daysBetween } from '#domain/format'
import { parsePhotoFlags, type PhotoFlag } from '#domain/photo-quality'
import {
  DOCUMENT_SLOT_KEYS,
  EXPIRY_WARNING_DAYS,
  FILE_REMOVED,
  findDocumentSlot,
  isExpired,
  isExpiringSlot,
  OPTIONAL_DOCUMENT_SLOT,
  type DocumentSlotKey,
  type DocumentStatus,
} from '#domain/reference-data/documents'
import { ADMIN_MESSAGES, type ReviewDecision } from '#domain/validation/admin'
import { checkExpiryDate, EXPIRY_MESSAGES } from '#domain/validation/documents'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { ApiError, MESSAGES } from '#services/platform/http'
import { PdfPageError, type createPdfPages, type PdfPageCount } from '#services/platform/pdf/pages'
import type { Platform } from '#services/platform/platform'
import { recordView } from '#services/shared/data-views'
import { isValidatedDriver, latestRecords } from '#services/shared/validated-drivers'
import type { StoredFile } from '#services/users/driver-area/file-operations'
import { EXTENSION_FOR, type SniffedType } from '#services/users/driver-area/images'
import {
  notifyAllDocumentsApproved,
  notifyDocumentApproved,
  notifyDocumentRejected,
} from '#services/users/driver-notifications'
import { auditEntries } from './audit-names'
import { powerOfDocument, toPowerReview } from './powers'
import { itemColumns, nextInQueue, toItem, type QueueQuery } from './queue'
import { audit, type Actor } from './shared'

/**
 * The console's review of drivers' documents as operations `(platform, actor, input) → result`:
 * the documents about to expire, one document with everything its review shows, its file and its
 * PDF pages (each read recorded as seen, decision 78), and the decision, with its audit row and the
 * driver's mails in one transaction. The queue itself is queue.ts's. The routes (documents.ts)
 * read the staff member and the validated input and answer with the result, the bytes with their
 * headers; tests and scripts call the operations directly.
 */

export interface AuditEntry {
  id: number
  actor: string
  actor_name: string | null
  action: string
  entity_type: string
  entity_id: number | null
  subject: AuditSubject
  before: unknown
  after: unknown
  created_at: string
}

export interface SlotState {
  purpose_name: DocumentSlotKey
  title: string
  optional: boolean
  file_status: DocumentStatus | null
  id_file: number | null
  rejection_reason: string | null
  date_upload: string | null
  /** 'yyyy-mm-dd' on the kinds that expire. */
  expires_on: string | null
  /** The date has passed: the slot counts as missing. */
  expired: boolean
  /** Of the latest record. */
  photo_flags: PhotoFlag[]
}

/** A document whose expiry date is within EXPIRY_WARNING_DAYS (or passed): the console's list. */
export interface ExpiringItem {
  id: number
  purpose_name: DocumentSlotKey
  title: string
  file_status: DocumentStatus
  expires_on: string
  days_left: number
  driver: { id: number; name: string; email: string }
}

/** One document record, by the id of the call's path. */
interface ById {
  id: number
}

/**
 * The viewer's PDF renderer (services/platform/pdf/pages.ts): its worker threads and the pages it
 * keeps in memory belong to whoever made it, the routes once per app, so the operations take it.
 */
export type PdfPages = ReturnType<typeof createPdfPages>

type Db = Kysely<Database>
export async function auditFor(db: Db, entityType: string, entityId: number): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom('admin_audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute()
  return auditEntries(db, rows)
}

/** The 23 slots of a driver with the latest record of each. */
export async function slotStates(db: Db, userId: number, now: Date): Promise<SlotState[]> {
  const today = dayInChile(now)
  const rows = await db
    .selectFrom('user_files')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute()
  const latest = new Map<string, (typeof rows)[number]>()
  for (const r of rows) latest.set(r.purpose_name, r)
  return DOCUMENT_SLOT_KEYS.map((key) => {
    const r = latest.get(key)
    return {
      purpose_name: key,
      title: findDocumentSlot(key)!.title,
      optional: key === OPTIONAL_DOCUMENT_SLOT,
      file_status: r?.file_status ?? null,
      id_file: r?.id ?? null,
      rejection_reason: r?.rejection_reason ?? null,
      date_upload: r?.created_at ?? null,
      expires_on: r?.expires_on ?? null,
      expired: r ? r.file_status !== 'REJECTED' && isExpired(r.expires_on, today) : false,
      photo_flags: parsePhotoFlags(r?.photo_flags),
    }
  })
}

/**
 * The expiry date an approval stores: the one the reviewer sent (a correction, or the driver's
 * date confirmed), else the driver's. A kind that expires cannot be approved without one, nor
 * with a date already past (that document is rejected as expired); other kinds take none.
 */
function reviewedExpiry(slot: string, stored: string | null, sent: string | undefined, now: Date): string | null {
  if (!isExpiringSlot(slot)) {
    if (sent) throw new ApiError(400, EXPIRY_MESSAGES.notExpiring)
    return stored
  }
  const checked = checkExpiryDate(sent || stored, dayInChile(now), EXPIRY_MESSAGES.reviewExpired)
  if (!checked.ok) throw new ApiError(400, checked.message)
  return checked.day
}

/** Latest, not rejected records of drivers whose expiry date is within 30 days or passed, soonest first. */
export async function expiringDocuments(db: Db, now: Date, limit = 200): Promise<ExpiringItem[]> {
  const today = dayInChile(now)
  const rows = await latestRecords(db)
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select([
      'f.id',
      'f.purpose_name',
      'f.file_status',
      'f.expires_on',
      'u.id as user_id',
      'u.firstname',
      'u.lastname',
      'u.email',
    ])
    .where('u.role', '=', 'User')
    .where('f.file_status', '!=', 'REJECTED')
    .where('f.expires_on', 'is not', null)
    .where('f.expires_on', '<=', addDays(today, EXPIRY_WARNING_DAYS))
    .orderBy('f.expires_on', 'asc')
    .orderBy('f.id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    purpose_name: r.purpose_name as DocumentSlotKey,
    title: findDocumentSlot(r.purpose_name)?.title ?? r.purpose_name,
    file_status: r.file_status,
    expires_on: r.expires_on!,
    days_left: daysBetween(today, r.expires_on!),
    driver: { id: r.user_id, name: `${r.firstname} ${r.lastname}`.trim(), email: r.email },
  }))
}

/** The console's list of documents about to expire (or expired), with the window's days. */
export async function listExpiringDocuments(p: Pick<Platform, 'db' | 'now'>) {
  return { documents: await expiringDocuments(p.db, p.now()), days: EXPIRY_WARNING_DAYS }
}

/**
 * One driver's document as its review shows it: the record, the driver (RUT in clear), their
 * slots, the slot's history, the audit log of the document and of its simple power, and the next
 * document of the same filtered queue; 404 for none or another account's. The staff member who
 * reads it is recorded as having seen the driver's RUT (decision 78).
 */
export async function readDocumentForReview(p: Platform, staffUserId: number, { id, ...query }: ById & QueueQuery) {
  const row = await p.db
    .selectFrom('user_files as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select([
      ...itemColumns,
      'f.file_status',
      'f.rejection_reason',
      'f.reviewed_at',
      'f.original_name',
      'f.size_bytes',
      'f.expires_on',
      'f.file_purged_at',
      'u.phone',
      'u.address',
      'u.created_at as user_created_at',
    ])
    .where('f.id', '=', id)
    .where('u.role', '=', 'User')
    .executeTakeFirst()
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  const [slots, history, log, next, power] = await Promise.all([
    slotStates(p.db, row.user_id, p.now()),
    p.db
      .selectFrom('user_files')
      .select([
        'id',
        'file_status',
        'rejection_reason',
        'created_at',
        'reviewed_at',
        'mime_type',
        'expires_on',
        'file_purged_at as file_removed_at',
      ])
      .where('user_id', '=', row.user_id)
      .where('purpose_name', '=', row.purpose_name)
      .orderBy('id', 'desc')
      .execute(),
    auditFor(p.db, 'user_file', id),
    // The next document of the same queue (same filters), soonest due first, skipping this one.
    nextInQueue(p.db, p.columns, query, { created_at: row.created_at, id }, p.now()),
    // A simple power's PDF: the power, its owner's ID images and signature state.
    powerOfDocument(p.db, id),
  ])
  // The power's own log (the recorded signature) beside the document's, newest first.
  const powerLog = power ? await auditFor(p.db, 'simple_power', power.id) : []
  // The review shows the driver's RUT: recorded before it is sent (decision 78).
  if (row.rut)
    await recordView(p.db, {
      viewer: { kind: 'staff', userId: staffUserId },
      subjectUserId: row.user_id,
      kind: 'rut',
      itemId: row.user_id,
      now: p.now(),
    })
  return {
    document: {
      ...toItem(p.columns, row),
      file_status: row.file_status,
      rejection_reason: row.rejection_reason,
      reviewed_at: row.reviewed_at,
      original_name: row.original_name,
      size_bytes: row.size_bytes,
      expires_on: row.expires_on,
      expiring: isExpiringSlot(row.purpose_name),
      url_file: `/admin/documents/${row.id}/file`,
      file_removed_at: row.file_purged_at,
      superseded: history[0]!.id !== row.id,
    },
    driver: {
      id: row.user_id,
      name: `${row.firstname} ${row.lastname}`.trim(),
      email: row.email,
      rut: p.columns.openNullable('rut', row.rut),
      phone: row.phone,
      address: row.address,
      created_at: row.user_created_at,
    },
    slots,
    history,
    audit: [...log, ...powerLog].sort((a, b) => b.id - a.id),
    power: power ? toPowerReview(p.columns, power) : null,
    next_id: next,
  }
}

/**
 * A document's file as stored, with the name it is downloaded under; 404 for none, FILE_REMOVED
 * once the retention job removed it (decision 79). The staff member who reads it is recorded as
 * having seen it before the bytes are returned: no record, no file (decision 78).
 */
export async function readDocumentFile(p: Platform, staffUserId: number, { id }: ById): Promise<StoredFile> {
  const row = await p.db
    .selectFrom('user_files')
    .select(['storage_key', 'mime_type', 'purpose_name', 'user_id', 'file_purged_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (row?.file_purged_at) throw new ApiError(404, FILE_REMOVED)
  const bytes = row ? await p.files.get(row.storage_key) : null
  if (!row || !bytes) throw new ApiError(404, MESSAGES.notFound)
  await recordView(p.db, {
    viewer: { kind: 'staff', userId: staffUserId },
    subjectUserId: row.user_id,
    kind: 'documento',
    itemId: id,
    detail: row.purpose_name,
    now: p.now(),
  })
  const ext = EXTENSION_FOR[row.mime_type as SniffedType] ?? 'bin'
  return { bytes, type: row.mime_type, filename: `${row.purpose_name}.${ext}` }
}

/**
 * A PDF record and how to read its bytes: the renderer reads them only when a page is not kept
 * yet. 404 for none, FILE_REMOVED once removed, 400 for a file that is no PDF.
 */
async function pdfOf(p: Pick<Platform, 'db' | 'files'>, id: number) {
  const row = await p.db
    .selectFrom('user_files')
    .select(['storage_key', 'mime_type', 'purpose_name', 'user_id', 'file_purged_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (row?.file_purged_at) throw new ApiError(404, FILE_REMOVED)
  if (!row) throw new ApiError(404, MESSAGES.notFound)
  if (row.mime_type !== 'application/pdf') throw new ApiError(400, ADMIN_MESSAGES.notPdf)
  return { row, load: () => p.files.get(row.storage_key) }
}

/** The renderer's refusals answer with their own status and message. */
function pdfRefusal(error: unknown): never {
  if (error instanceof PdfPageError) throw new ApiError(error.status, error.message)
  throw error
}

/**
 * How many pages a document's PDF has and how many the console's viewer shows (decision 91),
 * drawn by `pages` in a worker with time, size and page caps.
 */
export async function countDocumentPages(
  p: Pick<Platform, 'db' | 'files'>,
  { id }: ById,
  pages: PdfPages,
): Promise<PdfPageCount> {
  const { row, load } = await pdfOf(p, id)
  return pages.count(row.storage_key, load).catch(pdfRefusal)
}

/**
 * One page of a document's PDF as a PNG image for the console's viewer (decision 91), with the
 * name it is offered under. A page shows the document: the staff member who reads it is recorded
 * like the file itself (decision 78), before the image is returned.
 */
export async function readDocumentPage(
  p: Platform,
  staffUserId: number,
  { id, page }: ById & { page: number },
  pages: PdfPages,
): Promise<StoredFile> {
  const { row, load } = await pdfOf(p, id)
  const png = await pages.page(row.storage_key, load, page).catch(pdfRefusal)
  await recordView(p.db, {
    viewer: { kind: 'staff', userId: staffUserId },
    subjectUserId: row.user_id,
    kind: 'documento',
    itemId: id,
    detail: row.purpose_name,
    now: p.now(),
  })
  return { bytes: png, type: 'image/png', filename: `${row.purpose_name}-${page}.png` }
}

/**
 * Approve or reject. The update only applies to a row still PENDING, so of two reviewers
 * deciding at once the second changes nothing and gets 409 'ya fue revisado'; a record a newer
 * upload replaced is 409 too, and 404 none or another account's. The audit row and the driver's
 * mails are written in the same transaction, then the outbox is woken.
 */
export async function reviewDocument(p: Platform, who: Actor, decision: ById & ReviewDecision) {
  const { id } = decision
  const now = p.now()
  const ts = now.toISOString()
  const outcome = await inTransaction(p.db, async (trx) => {
    const row = await trx
      .selectFrom('user_files as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select([
        'f.id',
        'f.user_id',
        'f.purpose_name',
        'f.file_status',
        'f.rejection_reason',
        'f.expires_on',
        'u.email',
        'u.firstname',
        'u.role',
      ])
      .where('f.id', '=', id)
      .executeTakeFirst()
    if (!row || row.role !== 'User') throw new ApiError(404, MESSAGES.notFound)
    if (row.file_status !== 'PENDING') throw new ApiError(409, ADMIN_MESSAGES.alreadyReviewed)
    const newer = await trx
      .selectFrom('user_files')
      .select('id')
      .where('user_id', '=', row.user_id)
      .where('purpose_name', '=', row.purpose_name)
      .where('id', '>', row.id)
      .executeTakeFirst()
    if (newer) throw new ApiError(409, ADMIN_MESSAGES.superseded)
    if (decision.decision === 'ACCEPTED') {
      // A simple power is approved only once a reviewer has recorded the owner's signature.
      const power = await powerOfDocument(trx, id)
      if (power && !power.signature_recorded_at) throw new ApiError(409, ADMIN_MESSAGES.signatureMissing)
    }
    // The expiry date the driver typed is confirmed, or corrected, by the reviewer approving it.
    const expiresOn =
      decision.decision === 'ACCEPTED'
        ? reviewedExpiry(row.purpose_name, row.expires_on, decision.expires_on, now)
        : row.expires_on
    const dated = decision.decision === 'ACCEPTED' && isExpiringSlot(row.purpose_name)
    const reason = decision.decision === 'REJECTED' ? decision.reason : null
    const updated = await trx
      .updateTable('user_files')
      .set({ file_status: decision.decision, rejection_reason: reason, reviewed_at: ts, expires_on: expiresOn })
      .where('id', '=', id)
      .where('file_status', '=', 'PENDING')
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new ApiError(409, ADMIN_MESSAGES.alreadyReviewed)
    await audit(
      trx,
      who,
      {
        action: decision.decision === 'ACCEPTED' ? 'document.approve' : 'document.reject',
        entityType: 'user_file',
        entityId: id,
        // An approval of a dated kind records the date as typed and as confirmed or corrected.
        before: {
          file_status: row.file_status,
          rejection_reason: row.rejection_reason,
          ...(dated ? { expires_on: row.expires_on } : {}),
        },
        after: {
          file_status: decision.decision,
          rejection_reason: reason,
          user_id: row.user_id,
          purpose_name: row.purpose_name,
          ...(dated ? { expires_on: expiresOn } : {}),
        },
      },
      now,
    )
    const title = findDocumentSlot(row.purpose_name)?.title ?? row.purpose_name
    const home = `${p.publicUrl}/user/dashboard/home`
    const driver = { userId: row.user_id, firstname: row.firstname, email: row.email }
    if (decision.decision === 'REJECTED') {
      const again = `${home}?${new URLSearchParams({ name: row.purpose_name, title })}`
      await notifyDocumentRejected(trx, { ...driver, fileId: id, title, reason: reason!, link: again }, now)
    } else {
      await notifyDocumentApproved(trx, { ...driver, fileId: id, title, link: home }, now)
      // This approval completed the 22: the driver hears it once (the row was PENDING before).
      if (row.purpose_name !== OPTIONAL_DOCUMENT_SLOT && (await isValidatedDriver(trx, row.user_id, now))) {
        const link = `${p.publicUrl}/user/dashboard/job-postings`
        await notifyAllDocumentsApproved(trx, { ...driver, fileId: id, link }, now)
        return { validated: true }
      }
    }
    return { validated: false }
  })
  p.wakeOutbox()
  return {
    message: decision.decision === 'ACCEPTED' ? ADMIN_MESSAGES.approved : ADMIN_MESSAGES.rejected,
    id,
    file_status: decision.decision,
    driver_validated: outcome.validated,
  }
}
