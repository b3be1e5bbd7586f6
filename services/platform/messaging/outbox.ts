import type { Kysely } from 'kysely'
import type { Database } from '#services/platform/db/schema'

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html?: string
  /** The Reply-To address: who the recipient reaches by answering (a company writing to a driver). */
  replyTo?: string
}

export interface WhatsAppMessage {
  /** Digits only, with country code (e.g. 56912345678). */
  to: string
  text: string
}

/**
 * Messages are rows written in the caller's transaction (pass the trx), so a message exists
 * exactly when the record it belongs to does. The delivery worker sends them later, with retries.
 */
export async function enqueueEmail(db: Kysely<Database>, message: EmailMessage, now: Date): Promise<void> {
  const ts = now.toISOString()
  await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html ?? null,
      reply_to: message.replyTo ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: ts,
      last_error: null,
      created_at: ts,
      sent_at: null,
    })
    .execute()
}

export async function enqueueWhatsApp(db: Kysely<Database>, message: WhatsAppMessage, now: Date): Promise<void> {
  const ts = now.toISOString()
  await db
    .insertInto('outbox')
    .values({
      channel: 'whatsapp',
      recipient: message.to,
      subject: null,
      body_text: message.text,
      body_html: null,
      reply_to: null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: ts,
      last_error: null,
      created_at: ts,
      sent_at: null,
    })
    .execute()
}
