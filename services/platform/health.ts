import { sql } from 'kysely'
import type { HealthCheck } from '#domain/contract/operations'
import { formatDateTime } from '#domain/format'
import { backoffMs } from './messaging/delivery'
import type { Platform } from './platform'

/** A check that has not answered by then counts as failed, as /readyz does. */
export const CHECK_TIMEOUT_MS = 2000

function within<T>(promise: Promise<T>): Promise<T> {
  const timeout = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error('sin respuesta en 2 s')), CHECK_TIMEOUT_MS).unref()
  })
  return Promise.race([promise, timeout])
}

const reason = (error: unknown) => String(error instanceof Error ? error.message : error).slice(0, 300)

async function probe(name: HealthCheck['name'], run: () => Promise<string>): Promise<HealthCheck> {
  try {
    return { name, ok: true, detail: await within(run()) }
  } catch (error) {
    return { name, ok: false, detail: reason(error) }
  }
}

/**
 * The mail transport as the outbox saw it last: the newest email sent against the newest
 * failed attempt (a failed row's last attempt is its next attempt time less its backoff, the
 * delivery worker's own rule). The worker may run in another process, so the rows are the
 * one place every process can read it from.
 */
async function lastMailOutcome(p: Platform): Promise<string> {
  const [sent, failing] = await Promise.all([
    p.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('sent_at').as('at'))
      .where('status', '=', 'sent')
      .where('channel', '=', 'email')
      .executeTakeFirst(),
    p.db
      .selectFrom('outbox')
      .select(['attempts', 'next_attempt_at', 'last_error'])
      .where('status', 'in', ['pending', 'failed'])
      .where('channel', '=', 'email')
      .where('last_error', 'is not', null)
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
  ])
  const transport = p.config.SMTP_URL ? 'SMTP' : 'Archivos .eml en DATA_DIR/mail'
  const lastSent = sent?.at ? Date.parse(String(sent.at)) : NaN
  let lastFailure: { at: number; error: string } | undefined
  for (const row of failing) {
    const at = Date.parse(row.next_attempt_at) - backoffMs(row.attempts)
    if (!lastFailure || at > lastFailure.at) lastFailure = { at, error: row.last_error ?? '' }
  }
  if (lastFailure && !(lastSent > lastFailure.at)) {
    const when = formatDateTime(new Date(lastFailure.at).toISOString())
    throw new Error(`${transport}: el último intento falló (${when}): ${lastFailure.error}`)
  }
  if (Number.isNaN(lastSent)) return `${transport}: todavía no se ha enviado ningún correo`
  return `${transport}: último envío correcto el ${formatDateTime(new Date(lastSent).toISOString())}`
}

/**
 * What the console's «Operación» page shows: the checks of /readyz (database, storage, Redis
 * when REDIS_URL is set) and the mail transport's last outcome.
 */
export async function healthChecks(p: Platform): Promise<HealthCheck[]> {
  const limiter = p.limiter
  return Promise.all([
    probe('database', async () => {
      await sql`select 1`.execute(p.db)
      return p.dialect === 'postgres' ? 'PostgreSQL responde' : 'SQLite responde'
    }),
    ...(p.config.REDIS_URL
      ? [
          probe('redis', async () => {
            if (!limiter.ping) throw new Error('los límites se cuentan en memoria, no en Redis')
            await limiter.ping()
            return 'Redis responde'
          }),
        ]
      : []),
    probe('storage', async () => {
      await p.files.ping()
      return p.files.kind === 's3' ? 'El bucket S3 responde' : 'El disco local responde'
    }),
    probe('mail', () => lastMailOutcome(p)),
  ])
}
