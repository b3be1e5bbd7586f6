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

export interface EnqueueOptions {
  /**
   * The event and channel the message is for, unique in the outbox: a second message with the
   * same key is not written (a retried request, two processes), and the call returns null.
   */
  eventKey?: string
  /**
   * Write the email 'held' as the fallback of this WhatsApp message (its outbox id): the delivery
   * worker releases it only if the WhatsApp message is given up, and deletes it once that is sent.
   */
  heldFor?: number
}

/**
 * Messages are rows written in the caller's transaction (pass the trx), so a message exists
 * exactly when the record it belongs to does. The delivery worker sends them later, with retries.
 * Returns the row's id, or null when a message with the same event key already exists.
 */
export async function enqueueEmail(
  db: Kysely<Database>,
  message: EmailMessage,
  now: Date,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const ts = now.toISOString()
  const row = await db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      body_html: message.html ?? null,
      reply_to: message.replyTo ?? null,
      status: opts.heldFor === undefined ? 'pending' : 'held',
      attempts: 0,
      next_attempt_at: ts,
      last_error: null,
      created_at: ts,
      sent_at: null,
      event_key: opts.eventKey ?? null,
      held_for: opts.heldFor ?? null,
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

export async function enqueueWhatsApp(
  db: Kysely<Database>,
  message: WhatsAppMessage,
  now: Date,
  opts: Pick<EnqueueOptions, 'eventKey'> = {},
): Promise<number | null> {
  const ts = now.toISOString()
  const row = await db
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
      event_key: opts.eventKey ?? null,
    })
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}
