/** The driver's document events, told by email and WhatsApp (decision 98; services/shared/driver-notifications.ts). */
import type { Kysely } from 'kysely'
import type { Database } from '#services/platform/db/schema'
import { notifyDriver, type DriverRef } from '#services/shared/driver-notifications'
import { allDocumentsApprovedMail, documentApprovedMail, documentRejectedMail } from './admin/mails'
import { documentExpiryMail } from './mails'

export function notifyDocumentApproved(
  db: Kysely<Database>,
  d: DriverRef & { fileId: number; title: string; link: string },
  now: Date,
) {
  return notifyDriver(
    db,
    d.userId,
    {
      key: `document-approved:${d.fileId}`,
      mail: documentApprovedMail(d.email, d.firstname, d.title, d.link),
      whatsapp: `Fleeters: aprobamos tu documento «${d.title}». ${d.link}`,
    },
    now,
  )
}

export function notifyDocumentRejected(
  db: Kysely<Database>,
  d: DriverRef & { fileId: number; title: string; reason: string; link: string },
  now: Date,
) {
  return notifyDriver(
    db,
    d.userId,
    {
      key: `document-rejected:${d.fileId}`,
      mail: documentRejectedMail(d.email, d.firstname, d.title, d.reason, d.link),
      whatsapp:
        `Fleeters: rechazamos tu documento «${d.title}». Motivo: ${d.reason.trim().replace(/[.\s]+$/, '')}. ` +
        `Súbelo de nuevo: ${d.link}`,
    },
    now,
  )
}

/** The approval of `fileId` completed the 22: heard once, keyed by that approval. */
export function notifyAllDocumentsApproved(
  db: Kysely<Database>,
  d: DriverRef & { fileId: number; link: string },
  now: Date,
) {
  return notifyDriver(
    db,
    d.userId,
    {
      key: `documents-complete:${d.fileId}`,
      mail: allDocumentsApprovedMail(d.email, d.firstname, d.link),
      whatsapp: `Fleeters: ¡aprobamos tus 22 documentos! Ya eres un Fleeter validado y puedes postular: ${d.link}`,
    },
    now,
  )
}

/** One run's reminder to a driver (decision 54), keyed by the first reminder row it claimed. */
export function notifyExpiringDocuments(
  db: Kysely<Database>,
  d: DriverRef & {
    reminderId: number
    documents: Array<{ kind: 30 | 7 | 0; title: string; dateText: string; dueText: string }>
    link: string
  },
  now: Date,
) {
  const first = d.documents[0]!
  const what =
    d.documents.length === 1
      ? `tu documento «${first.title}»: ${first.dueText.toLowerCase()}`
      : `tienes ${d.documents.length} documentos por vencer; el primero, «${first.title}»: ` +
        first.dueText.toLowerCase()
  return notifyDriver(
    db,
    d.userId,
    {
      key: `expiry-reminder:${d.reminderId}`,
      mail: documentExpiryMail(d.email, d.firstname, d.documents, d.link),
      whatsapp: `Fleeters: ${what}. Sube la versión vigente: ${d.link}`,
    },
    now,
  )
}
