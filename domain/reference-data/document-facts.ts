/**
 * The two facts about documents that public pages state (/empresas' validation section): a leaf
 * module, so a page that only says them does not ship the slots, their guidance and the upload
 * rules (documents.ts re-exports both): the page weighs less.
 */
export const REQUIRED_DOCUMENT_COUNT = 22

/** Reminders before the expiry date: 30 and 7 days before, and on the day. */
export const EXPIRY_REMINDER_DAYS = [30, 7, 0] as const
export type ExpiryReminderKind = (typeof EXPIRY_REMINDER_DAYS)[number]
