import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PrivacyRequestKind, PrivacyRequestStatus } from '#services/platform/db/schema-privacy'
import { companyAccount, driverAccount, type Account, type CompanyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import { answerPrivacyRequest, listPrivacyRequests, PRIVACY_ADMIN_MESSAGES } from './privacy-request-operations'
import type { Actor } from './shared'

/** The command line's actor: the operations take whoever acts, not a request. */
const cli: Actor = { userId: null, actor: 'cli' }

const DAY = 86_400_000

/** The console's privacy request operations called as a script would call them, without a route in between. */
describe.each(engines)('console privacy request operations on %s', (engine) => {
  let p: TestPlatform
  let camila: Account
  let andes: CompanyAccount
  let woken: number

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    woken = 0
    p.wakeOutbox = () => void woken++
    camila = await driverAccount(p, 'Camila')
    andes = await companyAccount(p, 'Transportes Andes SpA')
  })
  afterEach(async () => p.destroy())

  /** One request written straight to the database, due `dueInDays` from now. */
  async function request(userId: number, kind: PrivacyRequestKind, dueInDays: number, status: PrivacyRequestStatus) {
    const now = p.now().getTime()
    const row = await p.db
      .insertInto('privacy_requests')
      .values({
        user_id: userId,
        kind,
        status,
        detail: kind === 'rectification' ? 'Mi apellido es Pérez, no Peres.' : null,
        requested_at: new Date(now).toISOString(),
        due_at: new Date(now + dueInDays * DAY).toISOString(),
        answered_at: status === 'pending' ? null : new Date(now).toISOString(),
        file_key: null,
        file_expires_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  it('lists the open requests first, soonest deadline first, each named by its company or person', async () => {
    const done = await request(camila.userId, 'export', 1, 'done')
    const late = await request(andes.userId, 'opposition', 20, 'pending')
    const soon = await request(camila.userId, 'rectification', 5, 'pending')
    const person = await p.db
      .selectFrom('users')
      .select(['firstname', 'lastname'])
      .where('id', '=', camila.userId)
      .executeTakeFirstOrThrow()
    const name = `${person.firstname} ${person.lastname}`
    const all = await listPrivacyRequests(p, {})
    expect(all.requests.map((r) => [r.id, r.name, r.role, r.kind, r.status])).toEqual([
      [soon, name, 'User', 'rectification', 'pending'],
      [late, 'Transportes Andes SpA', 'business', 'opposition', 'pending'],
      [done, name, 'User', 'export', 'done'],
    ])
    const open = await listPrivacyRequests(p, { estado: 'pendientes' })
    expect(open.requests.map((r) => r.id)).toEqual([soon, late])
    expect((await listPrivacyRequests(p, { estado: 'todas' })).requests).toHaveLength(3)
  })

  it('answers a rectification once: the note kept, audited and mailed to the person', async () => {
    const id = await request(camila.userId, 'rectification', 5, 'pending')
    const note = 'Corregimos tu apellido a Pérez.'
    const before = p.now().getTime()
    expect(await answerPrivacyRequest(p, cli, { id, note })).toEqual({ message: PRIVACY_ADMIN_MESSAGES.answered })
    expect(woken).toBe(1)
    const row = await p.db.selectFrom('privacy_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      status: 'done',
      detail: `Mi apellido es Pérez, no Peres.\n\nRespuesta del equipo: ${note}`,
    })
    expect(Date.parse(row.answered_at!)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(row.answered_at!)).toBeLessThanOrEqual(p.now().getTime())
    const log = await p.db.selectFrom('admin_audit_log').selectAll().execute()
    expect(log.map((r) => [r.actor, r.action, r.entity_type, r.entity_id, r.before_json, r.after_json])).toEqual([
      [
        'cli',
        'privacy_request.answer',
        'privacy_request',
        id,
        '{"status":"pending"}',
        JSON.stringify({ status: 'done', note }),
      ],
    ])
    const mails = await outbox(p, camila.email)
    expect(mails.map((m) => m.subject)).toEqual(['Respondimos tu solicitud de corrección de datos'])
    expect(mails[0]!.body_text).toContain(note)
    expect(mails[0]!.body_text).toContain(`${p.publicUrl}/user/dashboard/settings/mis-datos`)

    await expect(answerPrivacyRequest(p, cli, { id, note })).rejects.toMatchObject({
      status: 409,
      messages: PRIVACY_ADMIN_MESSAGES.alreadyAnswered,
    })
    expect(await outbox(p, camila.email)).toHaveLength(1)
  })

  it('answers no other kind (409) and no missing request (404), changing nothing', async () => {
    const deletion = await request(andes.userId, 'deletion', 5, 'pending')
    await expect(answerPrivacyRequest(p, cli, { id: deletion, note: 'x' })).rejects.toMatchObject({
      status: 409,
      messages: PRIVACY_ADMIN_MESSAGES.notRectification,
    })
    await expect(answerPrivacyRequest(p, cli, { id: 999_999, note: 'x' })).rejects.toMatchObject({
      status: 404,
      messages: PRIVACY_ADMIN_MESSAGES.notFound,
    })
    expect((await listPrivacyRequests(p, { estado: 'pendientes' })).requests.map((r) => r.id)).toEqual([deletion])
    expect(await p.db.selectFrom('admin_audit_log').selectAll().execute()).toEqual([])
    expect([await outbox(p), woken]).toEqual([[], 0])
  })
})
