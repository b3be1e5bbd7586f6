import type { Kysely, Transaction } from 'kysely'
import { CONSENT_DOCUMENTS, LEGAL_DOCUMENTS, pendingDocuments, type ConsentDocument } from '#domain/privacy'
import { CLIENT_IP_HEADER } from '#services/platform/client-ip'
import type { Database } from '#services/platform/db/schema'

/**
 * The acceptances of the terms and the privacy policy (Ley 21.719), written by the driver's and
 * the company's registration (two services) and by the acceptance of a new version. The version
 * recorded is always the one in force (domain/privacy.ts), never one a caller names.
 */
export async function recordConsents(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  /** ISO-8601, the same instant as the record it goes with (the account's created_at). */
  at: string,
  ip: string | null,
  documents: readonly ConsentDocument[] = CONSENT_DOCUMENTS,
): Promise<void> {
  if (!documents.length) return
  await db
    .insertInto('consents')
    .values(
      documents.map((document) => ({
        user_id: userId,
        document,
        version: LEGAL_DOCUMENTS[document].version,
        accepted_at: at,
        ip,
      })),
    )
    // Accepted already (another tab, a retried request): the first record stands.
    .onConflict((oc) => oc.columns(['user_id', 'document', 'version']).doNothing())
    .execute()
}

/** The documents whose version in force the account has not accepted. */
export async function pendingConsents(db: Kysely<Database>, userId: number): Promise<ConsentDocument[]> {
  const accepted = await db
    .selectFrom('consents')
    .select(['document', 'version'])
    .where('user_id', '=', userId)
    .execute()
  return pendingDocuments(accepted)
}

/** The visitor's address as the web tier set it (server.ts; never a client's own header). */
export function consentIp(headers: Headers): string | null {
  return headers.get(CLIENT_IP_HEADER)?.slice(0, 45) ?? null
}
