import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bulkMessageSent, bulkOverLimit, THREAD_MESSAGES } from '#domain/validation/application-messages'
import { MESSAGES } from '#services/platform/http'
import { companyActorFor, driverAccount, insertPostings, type Account } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import type { CompanyActor } from './company-context'
import { messageApplicants, readCompanyThread, sendCompanyMessage } from './message-operations'

/** The company's thread operations called as a script would call them, without a route in between. */
describe.each(engines)('company message operations on %s', (engine) => {
  let p: TestPlatform
  let andes: CompanyActor
  let sur: CompanyActor
  let camila: Account
  let pedro: Account
  let postingId: number
  let camilaApplies: number
  let pedroApplies: number

  async function apply(who: Account, posting: number) {
    const now = p.now().toISOString()
    const row = await p.db
      .insertInto('applications')
      .values({ posting_id: posting, user_id: who.userId, status: 'nueva', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    andes = await companyActorFor(p, 'Transportes Andes SpA')
    sur = await companyActorFor(p, 'Mercado Sur Ltda.')
    camila = await driverAccount(p, 'Camila')
    pedro = await driverAccount(p, 'Pedro')
    ;[postingId] = await insertPostings(p, andes.company.id, [{ title: 'Reparto en Santiago' }])
    camilaApplies = await apply(camila, postingId!)
    pedroApplies = await apply(pedro, postingId!)
  })
  afterEach(async () => p.destroy())

  /** The messages stored, oldest first: application, sender, body and whether it was read. */
  const stored = async () =>
    (
      await p.db
        .selectFrom('application_messages')
        .select(['application_id', 'sender', 'sender_user_id', 'body', 'read_at'])
        .orderBy('id')
        .execute()
    ).map((m) => ({ ...m, read_at: m.read_at !== null }))
  const mailedTo = async () => (await outbox(p)).map((m) => m.recipient)

  it("writes in an applicant's thread with their notice, and reads it, the driver's answers then read", async () => {
    const sent = await sendCompanyMessage(p, andes, { id: camilaApplies, body: 'Hola Camila, ¿puedes el lunes?' })
    expect(sent).toEqual({ message: THREAD_MESSAGES.sent, id_message: expect.any(Number) })
    expect(await mailedTo()).toEqual([camila.email])
    const now = p.now().toISOString()
    await p.db
      .insertInto('application_messages')
      .values({
        application_id: camilaApplies,
        sender: 'driver',
        sender_user_id: camila.userId,
        subject: null,
        body: 'Sí, puedo.',
        created_at: now,
        read_at: null,
      })
      .execute()

    const thread = await readCompanyThread(p, andes, { id: camilaApplies })
    expect(thread).toMatchObject({
      id_application: camilaApplies,
      posting_title: 'Reparto en Santiago',
      can_write: true,
    })
    expect(thread.messages.map((m) => [m.sender, m.body, m.read])).toEqual([
      ['company', 'Hola Camila, ¿puedes el lunes?', false],
      ['driver', 'Sí, puedo.', false],
    ])
    expect(await stored()).toEqual([
      {
        application_id: camilaApplies,
        sender: 'company',
        sender_user_id: andes.userId,
        body: 'Hola Camila, ¿puedes el lunes?',
        read_at: false,
      },
      {
        application_id: camilaApplies,
        sender: 'driver',
        sender_user_id: camila.userId,
        body: 'Sí, puedo.',
        read_at: true,
      },
    ])
  })

  it("treats another company's application as none, writing nothing", async () => {
    const notFound = { status: 404, messages: MESSAGES.notFound }
    await expect(readCompanyThread(p, sur, { id: camilaApplies })).rejects.toMatchObject(notFound)
    await expect(sendCompanyMessage(p, sur, { id: camilaApplies, body: 'Hola' })).rejects.toMatchObject(notFound)
    await expect(
      messageApplicants(p, sur, { id: postingId, applications: [camilaApplies], body: 'Hola' }),
    ).rejects.toMatchObject(notFound)
    expect(await stored()).toEqual([])
    expect(await mailedTo()).toEqual([])
  })

  it('writes one message to every applicant named, or to none of them', async () => {
    const [otherPosting] = await insertPostings(p, andes.company.id, [{ title: 'Otra oferta' }])
    const elsewhere = await apply(camila, otherPosting!)
    await expect(
      messageApplicants(p, andes, { id: postingId, applications: [camilaApplies, elsewhere], body: 'Hola' }),
    ).rejects.toMatchObject({ status: 404 })
    expect(await stored()).toEqual([])

    const body = 'Mañana confirmamos los turnos.'
    expect(
      await messageApplicants(p, andes, { id: postingId, applications: [camilaApplies, pedroApplies], body }),
    ).toEqual({ message: bulkMessageSent(2), sent: 2 })
    expect((await stored()).map((m) => [m.application_id, m.sender, m.body])).toEqual([
      [camilaApplies, 'company', body],
      [pedroApplies, 'company', body],
    ])
    expect((await mailedTo()).sort()).toEqual([camila.email, pedro.email].sort())
  })

  it("refuses a bulk message larger than what is left of the company's hour, writing nothing", async () => {
    for (let i = 0; i < 119; i++) await p.limiter.hit(`thread-message:company:${andes.company.id}`, 120, 60 * 60_000)
    await expect(
      messageApplicants(p, andes, { id: postingId, applications: [camilaApplies, pedroApplies], body: 'Hola' }),
    ).rejects.toMatchObject({ status: 429, messages: bulkOverLimit(1) })
    expect(await stored()).toEqual([])
    await sendCompanyMessage(p, andes, { id: pedroApplies, body: 'Hola Pedro' })
    await expect(sendCompanyMessage(p, andes, { id: pedroApplies, body: 'Otra vez' })).rejects.toMatchObject({
      status: 429,
    })
    expect((await stored()).map((m) => m.body)).toEqual(['Hola Pedro'])
  })
})
