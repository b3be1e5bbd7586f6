import type { Transaction } from 'kysely'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { enqueueEmail, type EmailMessage } from '#services/platform/messaging/outbox'
import type { Platform } from '#services/platform/platform'

/** One line of a header must stay one line, whatever a visitor typed. */
function oneLine(s: string) {
  return s.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ').trim()
}

/**
 * What the team receives for every public form: a subject and the fields as "Label: value"
 * lines (plain text, so nothing a visitor typed is ever interpreted as HTML).
 */
export function teamMail(
  to: string,
  subject: string,
  fields: Array<[label: string, value: string | number | null | undefined]>,
  message?: string,
): EmailMessage {
  const lines = fields
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([label, v]) => `${label}: ${oneLine(String(v))}`)
  const text = [
    ...lines,
    ...(message ? ['', 'Mensaje:', message] : []),
    '',
    '— Enviado desde el sitio de Fleeters',
  ].join('\n')
  return { to, subject: oneLine(subject).slice(0, 200), text }
}

/**
 * A public form's record and its mail to the team, written in one transaction (nothing is lost
 * while the mail server is down, nothing is half written), then the outbox worker is woken.
 */
export async function recordForTeam(
  p: Platform,
  store: (trx: Transaction<Database>, createdAt: string) => Promise<unknown>,
  mail: EmailMessage,
) {
  const now = p.now()
  await inTransaction(p.db, async (trx) => {
    await store(trx, now.toISOString())
    await enqueueEmail(trx, mail, now)
  })
  p.wakeOutbox()
}

/** Public forms that mail the team (contact, inquiries, fleet requests, business contact): per visitor. */
export const FORM_LIMIT = { count: 10, windowMs: 15 * 60_000 }
