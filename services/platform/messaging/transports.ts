import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export interface TransportsOptions {
  smtpUrl?: string
  mailFrom: string
  dataDir: string
  whatsappToken?: string
  whatsappPhoneId?: string
  whatsappApiBase?: string
  /** Socket timeouts for SMTP (ms): connecting, the greeting, and silence in between. */
  smtpTimeoutMs?: number
  /** Time one message may take in all, whatever the server does (ms). */
  sendDeadlineMs?: number
}

/** SMTP socket timeouts (connection, greeting, inactivity). */
export const SMTP_TIMEOUT_MS = 15_000
/**
 * A send is abandoned (the connection closed) after this long in all, so the worker's claim
 * lease (delivery.ts) can be set above it: no other worker takes a row while its send may still
 * be running. A server that accepts the message but answers after the deadline may still deliver
 * it; the retry carries the same Message-ID, so the receiver can tell the copies apart.
 */
export const SEND_DEADLINE_MS = 45_000

export interface OutgoingEmail {
  id: number
  /** Stable for the message across attempts (see messageIdFor). */
  messageId?: string
  to: string
  subject: string
  text: string
  html?: string | null
  /** Reply-To header, when replies should reach someone other than MAIL_FROM. */
  replyTo?: string | null
}

export interface OutgoingWhatsApp {
  id: number
  to: string
  text: string
}

export interface Transports {
  email(message: OutgoingEmail): Promise<void>
  whatsapp(message: OutgoingWhatsApp): Promise<void>
  describe(): string
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-')
}

/**
 * Where messages go: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/mail;
 * the WhatsApp Cloud API when its token and phone id are set, otherwise JSON files in
 * DATA_DIR/whatsapp. Every send throws on failure, so the worker can retry.
 */
export function createTransports(opts: TransportsOptions): Transports {
  const timeout = opts.smtpTimeoutMs ?? SMTP_TIMEOUT_MS
  const deadline = opts.sendDeadlineMs ?? SEND_DEADLINE_MS
  const smtp = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      } as unknown as Parameters<typeof nodemailer.createTransport>[0])
    : null
  const fileMailer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const mailDir = path.join(opts.dataDir, 'mail')
  const whatsappDir = path.join(opts.dataDir, 'whatsapp')
  const apiBase = (opts.whatsappApiBase ?? 'https://graph.facebook.com/v21.0').replace(/\/$/, '')

  return {
    async email(message) {
      const mail = {
        from: opts.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        messageId: message.messageId,
        replyTo: message.replyTo ?? undefined,
      }
      if (smtp) {
        // nodemailer closes the connection when the signal aborts.
        await smtp.sendMail({ ...mail, signal: AbortSignal.timeout(deadline) } as typeof mail)
        return
      }
      const info = await fileMailer.sendMail(mail)
      await fs.mkdir(mailDir, { recursive: true })
      await fs.writeFile(path.join(mailDir, `${stamp()}-${message.id}.eml`), info.message as Buffer)
    },
    async whatsapp(message) {
      if (opts.whatsappToken && opts.whatsappPhoneId) {
        const res = await fetch(`${apiBase}/${opts.whatsappPhoneId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.whatsappToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            to: message.to,
            type: 'text',
            text: { body: message.text },
          }),
          signal: AbortSignal.timeout(Math.min(deadline, SMTP_TIMEOUT_MS)),
        })
        if (!res.ok) throw new Error(`WhatsApp API answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
        return
      }
      await fs.mkdir(whatsappDir, { recursive: true })
      await fs.writeFile(
        path.join(whatsappDir, `${stamp()}-${message.id}.json`),
        JSON.stringify({ to: message.to, text: message.text }, null, 2),
      )
    },
    describe() {
      const mail = smtp ? 'SMTP' : `files in ${mailDir}`
      const wa = opts.whatsappToken && opts.whatsappPhoneId ? 'WhatsApp Cloud API' : `files in ${whatsappDir}`
      return `mail: ${mail}; whatsapp: ${wa}`
    },
  }
}
