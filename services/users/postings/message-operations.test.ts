import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { THREAD_MESSAGES } from '#domain/validation/application-messages'
import { MESSAGES } from '#services/platform/http'
import { companyAccount, insertPostings, type CompanyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { outbox, type TestPlatform } from '#services/testing/platform'
import { getSessionUser } from '../auth-operations'
import type { DriverActor } from '../driver-area/shared'
import { platformWithDrivers } from '../driver-area/test-helpers'
import { countDriverUnread, listDriverThreads, readDriverThread, sendDriverMessage } from './message-operations'

/** The driver's thread operations called as a script would call them, without a route in between. */
describe.each(engines)('driver message operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let pedro: DriverActor
  let andes: CompanyAccount
  let postingId: number
  let camilaApplies: number

  async function apply(who: DriverActor) {
    const now = p.now().toISOString()
    const row = await p.db
      .insertInto('applications')
      .values({ posting_id: postingId, user_id: who.userId, status: 'nueva', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** A company's message, stored as its side writes it (the business service's operation, not reachable here). */
  async function companyWrites(applicationId: number, body: string) {
    await p.db
      .insertInto('application_messages')
      .values({
        application_id: applicationId,
        sender: 'company',
        sender_user_id: andes.userId,
        subject: null,
        body,
        created_at: p.now().toISOString(),
        read_at: null,
      })
      .execute()
  }

  beforeEach(async () => {
    ;({ p, camila, pedro } = await platformWithDrivers(engine))
    andes = await companyAccount(p)
    ;[postingId] = (await insertPostings(p, andes.companyId, [{ title: 'Reparto en Santiago' }])) as [number]
    camilaApplies = await apply(camila)
  })
  afterEach(async () => p.destroy())

  const stored = async () =>
    (
      await p.db
        .selectFrom('application_messages')
        .select(['sender', 'sender_user_id', 'body', 'read_at'])
        .orderBy('id')
        .execute()
    ).map((m) => ({ ...m, read_at: m.read_at !== null }))

  it('answers only once the company has written, marking its messages read and mailing the company', async () => {
    await expect(sendDriverMessage(p, camila, { id: camilaApplies, body: 'Hola' })).rejects.toMatchObject({
      status: 409,
      messages: THREAD_MESSAGES.driverFirst,
    })
    expect(await stored()).toEqual([])

    await companyWrites(camilaApplies, '¿Puedes el lunes?')
    const sent = await sendDriverMessage(p, camila, { id: camilaApplies, body: 'Sí, puedo.' })
    expect(sent).toEqual({ message: THREAD_MESSAGES.sent, id_message: expect.any(Number) })
    expect(await stored()).toEqual([
      { sender: 'company', sender_user_id: andes.userId, body: '¿Puedes el lunes?', read_at: true },
      { sender: 'driver', sender_user_id: camila.userId, body: 'Sí, puedo.', read_at: false },
    ])
    expect((await outbox(p)).map((m) => m.recipient)).toEqual([andes.email])
  })

  it('lists the threads with their unread messages; reading one marks the company’s read', async () => {
    await companyWrites(camilaApplies, 'Primer mensaje')
    await companyWrites(camilaApplies, 'Segundo mensaje')
    expect(await countDriverUnread(p, camila)).toEqual({ unread: 2 })
    expect(await listDriverThreads(p, camila)).toEqual({
      unread_total: 2,
      threads: [{ id_application: camilaApplies, id_publication: postingId, messages: 2, unread: 2 }],
    })
    expect(await listDriverThreads(p, pedro)).toEqual({ unread_total: 0, threads: [] })

    const thread = await readDriverThread(p, camila, { id: camilaApplies })
    expect(thread).toMatchObject({
      id_application: camilaApplies,
      posting_title: 'Reparto en Santiago',
      can_write: true,
    })
    expect(thread.messages.map((m) => [m.body, m.read])).toEqual([
      ['Primer mensaje', false],
      ['Segundo mensaje', false],
    ])
    expect(await countDriverUnread(p, camila)).toEqual({ unread: 0 })
    expect((await stored()).map((m) => m.read_at)).toEqual([true, true])
  })

  it('says the same unread count in the session answer every page of the driver area reads', async () => {
    const answer = (who: DriverActor) => getSessionUser(p, { userId: who.userId, role: 'User', factorPending: false })
    expect(await answer(camila)).toMatchObject({ unread_messages: 0 })
    await companyWrites(camilaApplies, 'Primer mensaje')
    await companyWrites(camilaApplies, 'Segundo mensaje')
    expect(await answer(camila)).toMatchObject({ unread_messages: 2 })
    expect(await answer(pedro)).toMatchObject({ unread_messages: 0 })
    await readDriverThread(p, camila, { id: camilaApplies })
    expect(await answer(camila)).toMatchObject({ unread_messages: 0 })
  })

  it("treats another driver's application as none, reading and writing nothing", async () => {
    await companyWrites(camilaApplies, 'Hola Camila')
    const notFound = { status: 404, messages: MESSAGES.notFound }
    await expect(readDriverThread(p, pedro, { id: camilaApplies })).rejects.toMatchObject(notFound)
    await expect(sendDriverMessage(p, pedro, { id: camilaApplies, body: 'Hola' })).rejects.toMatchObject(notFound)
    expect(await stored()).toEqual([
      { sender: 'company', sender_user_id: andes.userId, body: 'Hola Camila', read_at: false },
    ])
  })

  it("refuses an answer past the driver's hourly limit", async () => {
    await companyWrites(camilaApplies, 'Hola Camila')
    for (let i = 0; i < 30; i++) await p.limiter.hit(`thread-message:driver:${camila.userId}`, 30, 60 * 60_000)
    await expect(sendDriverMessage(p, camila, { id: camilaApplies, body: 'Hola' })).rejects.toMatchObject({
      status: 429,
    })
    expect(await stored()).toHaveLength(1)
  })
})
