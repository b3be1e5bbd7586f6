import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEGAL_DOCUMENTS } from '#domain/privacy'
import { companyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import { acceptConsents, CONSENT_MESSAGES, listPendingConsents, type ConsentActor } from './consent-operations'
import { platformWithDrivers } from './driver-area/test-helpers'

const IP = '198.51.100.4'
const YES = { acceptTerms: true } as const
const CURRENT = [
  { document: 'terms', version: LEGAL_DOCUMENTS.terms.version },
  { document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version },
]

/** The consent operations called as a script would call them, without a route in between. */
describe.each(engines)('consent operations on %s', (engine) => {
  let p: TestPlatform
  let camila: ConsentActor
  let pedro: ConsentActor

  beforeEach(async () => {
    ;({ p, camila, pedro } = await platformWithDrivers(engine))
  })
  afterEach(async () => p.destroy())

  /** An acceptance a year old, as the account left it before a version changed. */
  const acceptedLongAgo = (who: ConsentActor, document: 'terms' | 'privacy', version: string) =>
    p.db
      .insertInto('consents')
      .values({
        user_id: who.userId,
        document,
        version,
        accepted_at: new Date(p.now().getTime() - 365 * 86_400_000).toISOString(),
        ip: null,
      })
      .execute()

  /** The account's acceptances: document, version, address. */
  const rowsOf = (who: ConsentActor) =>
    p.db
      .selectFrom('consents')
      .select(['document', 'version', 'ip'])
      .where('user_id', '=', who.userId)
      .orderBy('document')
      .orderBy('version')
      .execute()

  it('lists both documents for an account with no acceptance, and only an outdated one after', async () => {
    expect(await listPendingConsents(p, camila)).toEqual({ pending: CURRENT })
    await acceptedLongAgo(camila, 'terms', LEGAL_DOCUMENTS.terms.version)
    await acceptedLongAgo(camila, 'privacy', `${LEGAL_DOCUMENTS.privacy.version}-anterior`)
    expect(await listPendingConsents(p, camila)).toEqual({
      pending: [{ document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version }],
    })
    expect(await listPendingConsents(p, pedro)).toEqual({ pending: CURRENT })
  })

  it('accepts the versions in force with the address, then has nothing pending and records nothing more', async () => {
    expect(await acceptConsents(p, camila, { ...YES, ip: IP })).toEqual({
      message: CONSENT_MESSAGES.accepted,
      pending: [],
    })
    const accepted = [
      { document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version, ip: IP },
      { document: 'terms', version: LEGAL_DOCUMENTS.terms.version, ip: IP },
    ]
    expect(await rowsOf(camila)).toEqual(accepted)
    expect(await listPendingConsents(p, camila)).toEqual({ pending: [] })

    // Another tab accepting again: the first record stands.
    expect(await acceptConsents(p, camila, { ...YES, ip: null })).toEqual({
      message: CONSENT_MESSAGES.nothingPending,
      pending: [],
    })
    expect(await rowsOf(camila)).toEqual(accepted)
    expect(await rowsOf(pedro)).toEqual([])
  })

  it("records a company's acceptance of the one document it had pending", async () => {
    const andes = await companyAccount(p)
    await acceptedLongAgo(andes, 'terms', LEGAL_DOCUMENTS.terms.version)
    expect(await acceptConsents(p, andes, { ...YES, ip: null })).toMatchObject({ message: CONSENT_MESSAGES.accepted })
    expect(await rowsOf(andes)).toEqual([
      { document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version, ip: null },
      { document: 'terms', version: LEGAL_DOCUMENTS.terms.version, ip: null },
    ])
  })
})
