import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '#domain/validation/admin'
import { MESSAGES } from '#services/platform/http'
import { companyAccount, driverAccount, insertPostings, type CompanyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import { closePostingByStaff, listCompanies, readCompany, setCompanyVerified } from './company-operations'
import type { Actor } from './shared'

/** The command line's actor: the operations take whoever acts, not a request. */
const cli: Actor = { userId: null, actor: 'cli' }

/** The console's company operations called as a script would call them, without a route in between. */
describe.each(engines)('console company operations on %s', (engine) => {
  let p: TestPlatform
  let andes: CompanyAccount
  let sur: CompanyAccount
  let open: number
  let closed: number
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
    ;[open, closed] = await insertPostings(p, andes.companyId, [
      { title: 'Reparto de farmacia en Providencia' },
      { title: 'Ruta de courier en Maipú', status: 'closed' },
    ])
    const camila = await driverAccount(p, 'Camila')
    const now = p.now().toISOString()
    await p.db
      .insertInto('applications')
      .values({ posting_id: open, user_id: camila.userId, status: 'nueva', created_at: now, updated_at: now })
      .execute()
  })
  afterEach(async () => p.destroy())

  const auditLog = async () =>
    (
      await p.db
        .selectFrom('admin_audit_log')
        .select(['actor', 'action', 'entity_type', 'entity_id', 'before_json', 'after_json'])
        .orderBy('id')
        .execute()
    ).map((r) => ({
      ...r,
      before_json: r.before_json === null ? null : JSON.parse(r.before_json),
      after_json: r.after_json === null ? null : JSON.parse(r.after_json),
    }))

  it('lists the companies by name with their postings counted, and finds them by name, email or RUT', async () => {
    const { companies } = await listCompanies(p, {})
    expect(companies.map((c) => [c.name, c.verified, c.postings, c.open_postings])).toEqual([
      ['Mercado Sur Ltda.', true, 0, 0],
      ['Transportes Andes SpA', true, 2, 1],
    ])
    const rut = companies.find((c) => c.id === andes.companyId)!.rut
    const found = async (q: string) => (await listCompanies(p, { q })).companies.map((c) => c.id)
    expect(await found('  ANDES ')).toEqual([andes.companyId])
    expect(await found(sur.email.toUpperCase())).toEqual([sur.companyId])
    expect(await found(rut.slice(0, 8))).toEqual([andes.companyId])
    // LIKE's wildcards are searched as themselves.
    expect(await found('%')).toEqual([])
  })

  it('reads a company with its postings newest first and their applicants; none is 404', async () => {
    const detail = await readCompany(p, { id: andes.companyId })
    expect(detail.company).toMatchObject({
      id: andes.companyId,
      name: 'Transportes Andes SpA',
      email: andes.email,
      verified: true,
      name_commune: 'Santiago Centro',
    })
    expect(detail.postings.map((r) => [r.id, r.status, r.applicants, r.name_commune])).toEqual([
      [closed, 'closed', 0, 'Santiago Centro'],
      [open, 'open', 1, 'Santiago Centro'],
    ])
    expect(detail.audit).toEqual([])
    await expect(readCompany(p, { id: 999_999 })).rejects.toMatchObject({ status: 404, messages: MESSAGES.notFound })
  })

  it('unmarks and marks a company as verified, each audited and shown on the company', async () => {
    expect(await setCompanyVerified(p, cli, { id: andes.companyId, verified: false })).toEqual({
      message: ADMIN_MESSAGES.unverified,
      verified: false,
    })
    const verifiedOf = async (id: number) =>
      (await p.db.selectFrom('companies').select('verified').where('id', '=', id).executeTakeFirstOrThrow()).verified
    expect([await verifiedOf(andes.companyId), await verifiedOf(sur.companyId)]).toEqual([0, 1])
    p.advance(60_000)
    expect(await setCompanyVerified(p, cli, { id: andes.companyId, verified: true })).toEqual({
      message: ADMIN_MESSAGES.verified,
      verified: true,
    })
    expect(await verifiedOf(andes.companyId)).toBe(1)
    await expect(setCompanyVerified(p, cli, { id: 999_999, verified: true })).rejects.toMatchObject({ status: 404 })

    const company = { actor: 'cli', entity_type: 'company', entity_id: andes.companyId }
    expect(await auditLog()).toEqual([
      { ...company, action: 'company.unverify', before_json: { verified: true }, after_json: { verified: false } },
      { ...company, action: 'company.verify', before_json: { verified: false }, after_json: { verified: true } },
    ])
    const { audit } = await readCompany(p, { id: andes.companyId })
    expect(audit.map((a) => [a.action, a.subject])).toEqual([
      ['company.verify', { name: 'Transportes Andes SpA', owner: null }],
      ['company.unverify', { name: 'Transportes Andes SpA', owner: null }],
    ])
    expect((await readCompany(p, { id: sur.companyId })).audit).toEqual([])
  })

  it('closes an open posting for a reason once: audited, the company mailed; again it changes nothing', async () => {
    const reason = 'La oferta pide un pago por adelantado a los conductores.'
    expect(await closePostingByStaff(p, cli, { id: open, reason })).toEqual({
      message: ADMIN_MESSAGES.postingClosed,
      status: 'closed',
      changed: true,
    })
    const status = async () =>
      (await p.db.selectFrom('job_postings').select('status').where('id', '=', open).executeTakeFirstOrThrow()).status
    expect(await status()).toBe('closed')
    const mails = await outbox(p, andes.email)
    expect(mails.map((m) => [m.subject, m.reply_to])).toEqual([
      ['Cerramos tu publicación: Reparto de farmacia en Providencia', p.config.TEAM_EMAIL],
    ])
    expect(mails[0]!.body_text).toContain(`Motivo: ${reason}`)

    expect(await closePostingByStaff(p, cli, { id: open, reason })).toEqual({
      message: ADMIN_MESSAGES.postingAlreadyClosed,
      status: 'closed',
      changed: false,
    })
    // A posting closed by its company is no change either: no audit row, no mail.
    expect((await closePostingByStaff(p, cli, { id: closed, reason })).changed).toBe(false)
    await expect(closePostingByStaff(p, cli, { id: 999_999, reason })).rejects.toMatchObject({ status: 404 })
    expect(await outbox(p, andes.email)).toHaveLength(1)
    expect(await auditLog()).toEqual([
      {
        actor: 'cli',
        action: 'posting.close',
        entity_type: 'job_posting',
        entity_id: open,
        before_json: { status: 'open' },
        after_json: { status: 'closed', company_id: andes.companyId, reason },
      },
    ])
    const [entry] = (await readCompany(p, { id: andes.companyId })).audit
    expect(entry).toMatchObject({ action: 'posting.close', subject: { name: 'Reparto de farmacia en Providencia' } })
    expect(entry!.subject.owner).toBe('Transportes Andes SpA')
  })
})
