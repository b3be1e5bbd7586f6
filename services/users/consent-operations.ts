import { LEGAL_DOCUMENTS } from '#domain/privacy'
import type { ConsentAcceptance } from '#domain/validation/consent'
import type { AuthContext } from '#services/platform/auth'
import type { Platform } from '#services/platform/platform'
import { pendingConsents, recordConsents } from '#services/shared/consents'

/**
 * The acceptance of the terms and the privacy policy (Ley 21.719, decision 74) as operations
 * `(platform, account, input) → result`: which documents' versions in force the account has not
 * accepted, and accepting them. The versions recorded are the ones in force (domain/privacy.ts),
 * whatever the caller sends besides its yes. The routes (consent-routes.ts) read the session, the
 * validated body and the client's address, and answer with the result; tests and scripts call
 * the operations directly.
 */

export const CONSENT_MESSAGES = {
  accepted: 'Gracias. Registramos que aceptaste los documentos actualizados.',
  nothingPending: 'Ya habías aceptado las versiones vigentes.',
} as const

/** Who acts: the account of the session, a driver's or a company's. */
export type ConsentActor = Pick<AuthContext, 'userId'>

/** The yes of the form, and the address the acceptance records (consentIp; null when the call did not say). */
type Acceptance = ConsentAcceptance & { ip: string | null }

/** The documents whose version in force the account has not accepted, each with that version (none: all accepted). */
export async function listPendingConsents(p: Pick<Platform, 'db'>, account: ConsentActor) {
  const pending = await pendingConsents(p.db, account.userId)
  return { pending: pending.map((document) => ({ document, version: LEGAL_DOCUMENTS[document].version })) }
}

/**
 * Records that the account accepts the versions in force it had pending; with none pending it
 * records nothing and says so.
 */
export async function acceptConsents(p: Pick<Platform, 'db' | 'now'>, account: ConsentActor, { ip }: Acceptance) {
  const { userId } = account
  const pending = await pendingConsents(p.db, userId)
  // Two tabs accepting at once: the unique index keeps one row per version.
  await recordConsents(p.db, userId, p.now().toISOString(), ip, pending)
  return { message: pending.length ? CONSENT_MESSAGES.accepted : CONSENT_MESSAGES.nothingPending, pending: [] }
}
