import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '#services/platform/crypto'
import { engines } from '#services/testing/database'
import { outbox, type TestPlatform } from '#services/testing/platform'
import { platformWithDrivers } from './driver-area/test-helpers'
import {
  changePassword,
  closeOtherSessions,
  closeSession,
  listSessions,
  SECURITY_MESSAGES,
  type SessionActor,
} from './security-operations'

const PASSWORD = 'clave1234'
const NEW_PASSWORD = 'nueva5678'

/** The account security operations called as a script would call them, without a route in between. */
describe.each(engines)('account security operations on %s', (engine) => {
  let p: TestPlatform
  let camila: SessionActor
  let pedro: SessionActor

  /** The one session each driver opened on creation: the one that acts. */
  const firstSession = async (userId: number): Promise<SessionActor> => {
    const row = await p.db.selectFrom('sessions').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()
    return { userId, sessionId: row.id }
  }

  beforeEach(async () => {
    const drivers = await platformWithDrivers(engine)
    p = drivers.p
    camila = await firstSession(drivers.camila.userId)
    pedro = await firstSession(drivers.pedro.userId)
    await p.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .execute()
  })
  afterEach(async () => p.destroy())

  /** Another session of the account, last seen `minutesAgo`, expired when `expired`. */
  async function openSession(who: SessionActor, device: string | null, minutesAgo: number, expired = false) {
    const now = p.now().getTime()
    const id = randomUUID()
    await p.db
      .insertInto('sessions')
      .values({
        id,
        user_id: who.userId,
        role: 'User',
        created_at: new Date(now - 60 * 60_000).toISOString(),
        expires_at: new Date(now + (expired ? -1 : 1) * 60 * 60_000).toISOString(),
        revoked_at: null,
        device,
        last_seen_at: new Date(now - minutesAgo * 60_000).toISOString(),
        factor_pending: 0,
      })
      .execute()
    return id
  }

  /** The ids of the account's sessions not closed, sorted. */
  const notClosed = async (who: SessionActor) =>
    (
      await p.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', who.userId)
        .where('revoked_at', 'is', null)
        .execute()
    )
      .map((r) => r.id)
      .sort()

  const passwordIs = async (who: SessionActor, password: string) => {
    const row = await p.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow()
    return verifyPassword(password, row.password_hash)
  }

  it('changes the password with the current one, ends the other sessions and queues the mail', async () => {
    const other = await openSession(camila, 'Android', 5)
    await expect(
      changePassword(p, camila, { current_password: 'otra-clave', password: NEW_PASSWORD }),
    ).rejects.toMatchObject({ status: 400, messages: SECURITY_MESSAGES.wrongPassword })
    expect(await passwordIs(camila, PASSWORD)).toBe(true)
    expect(await notClosed(camila)).toEqual([camila.sessionId, other].sort())
    expect(await outbox(p)).toEqual([])

    expect(await changePassword(p, camila, { current_password: PASSWORD, password: NEW_PASSWORD })).toEqual({
      message: SECURITY_MESSAGES.passwordChanged,
    })
    expect(await passwordIs(camila, NEW_PASSWORD)).toBe(true)
    expect(await notClosed(camila)).toEqual([camila.sessionId])
    expect(await notClosed(pedro)).toEqual([pedro.sessionId])
    expect(await passwordIs(pedro, PASSWORD)).toBe(true)
    const email = (await p.db.selectFrom('users').select('email').where('id', '=', camila.userId).executeTakeFirst())
      ?.email
    expect((await outbox(p)).map((m) => [m.recipient, m.subject])).toEqual([
      [email, 'Tu contraseña de Fleeters cambió'],
    ])
  })

  it('lists the open sessions, the current one first, then the latest active', async () => {
    const android = await openSession(camila, 'Android', 30)
    const unnamed = await openSession(camila, null, 2)
    await openSession(camila, 'Expirada', 1, true)
    const closed = await openSession(camila, 'Cerrada', 1)
    await p.db.updateTable('sessions').set({ revoked_at: p.now().toISOString() }).where('id', '=', closed).execute()
    await openSession(pedro, 'iPhone', 1)

    const { sessions } = await listSessions(p, camila)
    expect(sessions.map((s) => [s.id, s.current])).toEqual([
      [camila.sessionId, true],
      [unnamed, false],
      [android, false],
    ])
    expect(sessions[1]).toMatchObject({ device: expect.any(String), last_seen_at: expect.any(String) })
    expect(sessions[2]!.device).toBe('Android')
  })

  it('closes every other session of the account, and says so when there were none', async () => {
    await openSession(camila, 'Android', 5)
    await openSession(camila, 'iPhone', 10)
    const pedros = await openSession(pedro, 'iPhone', 1)
    expect(await closeOtherSessions(p, camila)).toEqual({ message: SECURITY_MESSAGES.othersClosed, closed: 2 })
    expect(await notClosed(camila)).toEqual([camila.sessionId])
    expect(await notClosed(pedro)).toEqual([pedro.sessionId, pedros].sort())
    expect(await closeOtherSessions(p, camila)).toEqual({ message: SECURITY_MESSAGES.noOthers, closed: 0 })
  })

  it("closes one of the account's sessions; another account's, a closed one or no id is none", async () => {
    const android = await openSession(camila, 'Android', 5)
    const expired = await openSession(camila, 'Vieja', 5, true)
    const notFound = { status: 404, messages: SECURITY_MESSAGES.sessionNotFound }
    await expect(closeSession(p, camila, { id: pedro.sessionId })).rejects.toMatchObject(notFound)
    await expect(closeSession(p, camila, { id: 'no-es-una-sesion' })).rejects.toMatchObject(notFound)
    await expect(closeSession(p, camila, { id: expired })).rejects.toMatchObject(notFound)
    expect(await notClosed(pedro)).toEqual([pedro.sessionId])

    expect(await closeSession(p, camila, { id: android })).toEqual({ message: SECURITY_MESSAGES.sessionClosed })
    expect(await notClosed(camila)).toEqual([camila.sessionId, expired].sort())
    await expect(closeSession(p, camila, { id: android })).rejects.toMatchObject(notFound)
  })
})
