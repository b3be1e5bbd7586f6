import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DELETION_GRACE_DAYS } from '#domain/account-closure'
import { hashPassword } from '#services/platform/crypto'
import { MESSAGES } from '#services/platform/http'
import { companyAccount, insertPostings } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { outbox, type TestPlatform } from '#services/testing/platform'
import {
  ACCOUNT_CLOSURE_SERVICE_MESSAGES as M,
  readPrivacyState,
  requestAccountDeletion,
  setDriverPause,
  setEmailOptOut,
  type AccountActor,
} from './account-closure-operations'
import { platformWithDrivers } from './driver-area/test-helpers'

const PASSWORD = 'clave1234'
const DAY = 24 * 60 * 60 * 1000
const NOTHING = { paused_at: null, opted_out_at: null, deletion_due_at: null }

/** The «Mis datos» operations called as a script would call them, without a route in between. */
describe.each(engines)('account closure operations on %s', (engine) => {
  let p: TestPlatform
  let camila: AccountActor
  let pedro: AccountActor

  beforeEach(async () => {
    ;({ p, camila, pedro } = await platformWithDrivers(engine))
    await p.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .execute()
  })
  afterEach(async () => p.destroy())

  /** The account's privacy requests as logged: kind, status, detail. */
  const requests = async (who: AccountActor) =>
    p.db
      .selectFrom('privacy_requests')
      .select(['kind', 'status', 'detail'])
      .where('user_id', '=', who.userId)
      .orderBy('id')
      .execute()
  const openSessions = async (who: AccountActor) =>
    (
      await p.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', who.userId)
        .where('revoked_at', 'is', null)
        .execute()
    ).length

  it("reads the account's state; an account gone is 401", async () => {
    expect(await readPrivacyState(p, camila)).toEqual(NOTHING)
    await expect(readPrivacyState(p, { userId: 999_999 })).rejects.toMatchObject({
      status: 401,
      messages: MESSAGES.unauthorized,
    })
  })

  it('schedules a deletion with the password: due after the grace period, signed out, logged and mailed', async () => {
    await expect(requestAccountDeletion(p, camila, { current_password: 'otra1234' })).rejects.toMatchObject({
      status: 400,
      messages: M.wrongPassword,
    })
    expect(await readPrivacyState(p, camila)).toEqual(NOTHING)
    expect(await requests(camila)).toEqual([])
    expect(await outbox(p)).toEqual([])

    const start = p.now().getTime()
    const answer = await requestAccountDeletion(p, camila, { current_password: PASSWORD })
    expect(answer).toEqual({ message: M.deletionRequested, deletion_due_at: expect.any(String) })
    expect(Math.abs(Date.parse(answer.deletion_due_at) - (start + DELETION_GRACE_DAYS * DAY))).toBeLessThan(5_000)
    expect(await readPrivacyState(p, camila)).toEqual({ ...NOTHING, deletion_due_at: answer.deletion_due_at })
    expect(await requests(camila)).toEqual([{ kind: 'deletion', status: 'pending', detail: null }])
    expect(await openSessions(camila)).toBe(0)
    expect(await openSessions(pedro)).toBe(1)
    expect((await outbox(p)).map((m) => m.subject)).toEqual(['Pediste eliminar tu cuenta de Fleeters'])

    await expect(requestAccountDeletion(p, camila, { current_password: PASSWORD })).rejects.toMatchObject({
      status: 409,
      messages: M.alreadyDue,
    })
    expect(await requests(camila)).toHaveLength(1)
    expect(await readPrivacyState(p, pedro)).toEqual(NOTHING)
  })

  it("closes a leaving company's open postings, and only those", async () => {
    const andes = await companyAccount(p)
    await p.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', andes.userId)
      .execute()
    const [open, draft] = await insertPostings(p, andes.companyId, [{ title: 'Abierta' }, { status: 'draft' }])
    await requestAccountDeletion(p, andes, { current_password: PASSWORD })
    const statuses = await p.db.selectFrom('job_postings').select(['id', 'status']).orderBy('id').execute()
    expect(statuses).toEqual([
      { id: open, status: 'closed' },
      { id: draft, status: 'draft' },
    ])
  })

  it('opts out of non-essential mails and back in, logging each change once', async () => {
    const out = await setEmailOptOut(p, camila, { opted_out: true })
    expect(out).toEqual({ message: M.optedOut, ...NOTHING, opted_out_at: expect.any(String) })
    expect(await readPrivacyState(p, camila)).toEqual({ ...NOTHING, opted_out_at: out.opted_out_at })
    expect(await setEmailOptOut(p, camila, { opted_out: true })).toEqual({ ...out, message: M.unchanged })
    expect(await setEmailOptOut(p, camila, { opted_out: false })).toEqual({ message: M.optedIn, ...NOTHING })
    expect(await requests(camila)).toEqual([
      { kind: 'opposition', status: 'done', detail: 'Se opuso a los correos no esenciales.' },
      { kind: 'opposition', status: 'done', detail: 'Volvió a aceptar los correos no esenciales.' },
    ])
    expect(await readPrivacyState(p, pedro)).toEqual(NOTHING)
    expect(await requests(pedro)).toEqual([])
  })

  it("pauses a driver's profile and resumes it, logging each change once", async () => {
    const paused = await setDriverPause(p, camila, { paused: true })
    expect(paused).toEqual({ message: M.paused, ...NOTHING, paused_at: expect.any(String) })
    expect(await readPrivacyState(p, camila)).toEqual({ ...NOTHING, paused_at: paused.paused_at })
    expect(await setDriverPause(p, camila, { paused: true })).toEqual({ ...paused, message: M.unchanged })
    expect(await setDriverPause(p, camila, { paused: false })).toEqual({ message: M.resumed, ...NOTHING })
    expect(await requests(camila)).toEqual([
      { kind: 'blocking', status: 'done', detail: 'Perfil pausado.' },
      { kind: 'blocking', status: 'done', detail: 'Perfil reanudado.' },
    ])
    expect(await readPrivacyState(p, pedro)).toEqual(NOTHING)
  })
})
