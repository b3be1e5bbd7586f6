import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import { VEHICLE_AUTO, VEHICLE_MOTO } from '#domain/reference-data/vehicles'
import { REQUIRED_SLOTS } from '#services/shared/validated-drivers'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  insertPostings,
  invitationsSentToday,
  type Account,
  type CompanyAccount,
  documentRecord,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { DAILY_INVITATION_CAP, INVITATION_MESSAGES } from './invitation-operations'

const LAS_CONDES = 13114
const PROVIDENCIA = 13123
const VINA_DEL_MAR = 5109
const DAY = 86_400_000

/** Matching validated drivers and invitations to apply (decision 106). */
describe.each(engines)('invitations to apply on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let sur: CompanyAccount
  let posting: number
  let second: number
  let closed: number
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p, 'Transportes Andes SpA')
    sur = await companyAccount(p, 'Mercado Sur Ltda.')
    const place = { id_zone: 2, id_region: 13000, id_commune: LAS_CONDES, id_vehicle: VEHICLE_MOTO, id_capacity: null }
    ;[posting, second, closed] = await insertPostings(p, andes.companyId, [
      { ...place, title: 'Reparto en moto en Las Condes' },
      { ...place, title: 'Segunda ruta en moto' },
      { ...place, title: 'Ruta cerrada', status: 'closed' },
    ])
  })
  afterEach(async () => p.destroy())

  /** A driver with a vehicle and commune stated, the 22 documents approved unless told, opted in unless told. */
  async function makeDriver(
    name: string,
    o: { vehicle?: number; commune?: number; documents?: number; optIn?: boolean; expired?: boolean } = {},
  ): Promise<Account> {
    const d = await driverAccount(p, name)
    await p.db
      .updateTable('users')
      .set({
        id_vehicle: o.vehicle ?? VEHICLE_MOTO,
        id_commune: o.commune ?? LAS_CONDES,
        invitations_opt_in_at: o.optIn === false ? null : p.now().toISOString(),
      })
      .where('id', '=', d.userId)
      .execute()
    const slots = REQUIRED_SLOTS.slice(0, o.documents ?? REQUIRED_SLOTS.length)
    if (slots.length)
      await p.db
        .insertInto('user_files')
        .values(
          slots.map((slot, i) =>
            documentRecord(p, d.userId, slot, {
              reviewed: true,
              key: `${d.userId}-${slot}-`,
              expiresOn: o.expired && i === 0 ? dayInChile(new Date(p.now().getTime() - DAY)) : null,
            }),
          ),
        )
        .execute()
    return d
  }

  const matches = (id = posting, who: Account = andes) =>
    api.get(`/business/job-postings/${id}/matching-drivers`, business(who))
  const invite = (id = posting, who: Account = andes) =>
    api.post(`/business/job-postings/${id}/invitations`, undefined, business(who))
  const invitedIds = async (id = posting) =>
    (
      await p.db
        .selectFrom('posting_invitations')
        .select('user_id')
        .where('posting_id', '=', id)
        .orderBy('user_id')
        .execute()
    ).map((r) => r.user_id)

  it('counts and invites only validated drivers who opted in, with the vehicle, in the region', async () => {
    const camila = await makeDriver('Camila')
    const pedro = await makeDriver('Pedro', { commune: PROVIDENCIA })
    const silent = await makeDriver('Sofía', { optIn: false })
    await makeDriver('Tomás', { documents: 21 })
    await makeDriver('Inés', { expired: true })
    await makeDriver('Raúl', { vehicle: VEHICLE_AUTO })
    await makeDriver('Olga', { commune: VINA_DEL_MAR })
    const opposed = await makeDriver('Luis')
    await p.db
      .updateTable('users')
      .set({ opted_out_at: p.now().toISOString() })
      .where('id', '=', opposed.userId)
      .execute()
    const paused = await makeDriver('Marta')
    await p.db.updateTable('users').set({ paused_at: p.now().toISOString() }).where('id', '=', paused.userId).execute()

    const before = await matches()
    expect(before.status).toBe(200)
    expect(before.body).toEqual({
      open: true,
      matching: 2,
      invitable: 2,
      invited: 0,
      remaining_today: DAILY_INVITATION_CAP,
      daily_cap: DAILY_INVITATION_CAP,
      name_vehicle: 'Moto',
      name_commune: 'Las Condes',
    })
    // Only counts: nothing in the answer names a driver.
    expect(JSON.stringify(before.body)).not.toMatch(/Camila|Pedro|conductor\d/)

    const sent = await invite()
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({
      sent: 2,
      matching: 2,
      invitable: 0,
      invited: 2,
      message: 'Invitaste a 2 conductores a postular.',
    })
    expect(JSON.stringify(sent.body)).not.toMatch(/Camila|Pedro|conductor\d/)
    expect(await invitedIds()).toEqual([camila.userId, pedro.userId].sort((a, b) => a - b))

    // The driver hears it on the channels they chose (email: no mobile stated), with the posting's link.
    const [mail] = await outbox(p, camila.email)
    expect(mail?.subject).toBe('Transportes Andes SpA te invita a postular: Reparto en moto en Las Condes')
    expect(mail?.body_text).toContain(`http://localhost:3000/user/dashboard/job-postings/${posting}`)
    expect(mail?.event_key).toBe(`posting-invitation:${posting}:${camila.userId}:email`)
    expect(await outbox(p, silent.email)).toEqual([])
    expect(await outbox(p, opposed.email)).toEqual([])
  })

  it('turning the setting on counts the driver; turning it off takes them out again', async () => {
    const sofia = await makeDriver('Sofía', { optIn: false })
    expect((await api.get('/users/invitation-preference', driver(sofia))).body).toEqual({
      invitations: false,
      opposed: false,
    })
    expect((await matches()).body.matching).toBe(0)
    const on = await api.put('/users/invitation-preference', { invitations: true }, driver(sofia))
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ invitations: true, opposed: false })
    expect((await matches()).body.matching).toBe(1)
    const off = await api.put('/users/invitation-preference', { invitations: false }, driver(sofia))
    expect(off.body).toMatchObject({ invitations: false })
    expect((await matches()).body.matching).toBe(0)
    expect((await invite()).body).toMatchObject({ sent: 0, message: INVITATION_MESSAGES.noneLeft })
    expect(await outbox(p, sofia.email)).toEqual([])

    // Bad input is a 400 with its message; a company may not set a driver's preference.
    const bad = await api.put('/users/invitation-preference', { invitations: 'sí' }, driver(sofia))
    expect(bad.status).toBe(400)
    expect((await api.put('/users/invitation-preference', { invitations: true }, business(andes))).status).toBe(403)
    expect((await api.get('/users/invitation-preference')).status).toBe(401)
  })

  it('invites a driver once per posting, however often or concurrently the company presses', async () => {
    const camila = await makeDriver('Camila')
    const [a, b] = await Promise.all([invite(), invite()])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.sent + b.body.sent).toBe(1)
    const again = await invite()
    expect(again.body).toMatchObject({ sent: 0, invited: 1, invitable: 0, message: INVITATION_MESSAGES.noneLeft })
    expect(await invitedIds()).toEqual([camila.userId])
    expect((await outbox(p, camila.email)).length).toBe(1)
    // The unique pair refuses a second row whatever writes it.
    await expect(
      p.db
        .insertInto('posting_invitations')
        .values({
          posting_id: posting,
          user_id: camila.userId,
          company_id: andes.companyId,
          day: dayInChile(p.now()),
          created_at: p.now().toISOString(),
        })
        .execute(),
    ).rejects.toThrow()

    // Another posting of the company is another invitation.
    expect((await invite(second)).body).toMatchObject({ sent: 1 })
    expect((await outbox(p, camila.email)).length).toBe(2)

    // A driver who already applied is counted but not invited.
    const pedro = await makeDriver('Pedro')
    expect((await api.post('/users/postulate-job-posting', { id_publication: posting }, driver(pedro))).status).toBe(
      201,
    )
    expect((await matches()).body).toMatchObject({ matching: 2, invitable: 0, invited: 1 })
    expect((await invite()).body).toMatchObject({ sent: 0 })
  })

  it('stops at the daily cap of the company and starts again the next day in Chile', async () => {
    // The company already sent all but two of today's invitations (to other drivers, on another posting).
    await invitationsSentToday(p, andes.companyId, second, DAILY_INVITATION_CAP - 2)
    const drivers = [await makeDriver('Camila'), await makeDriver('Pedro'), await makeDriver('Ale')]
    expect((await matches()).body).toMatchObject({ matching: 3, invitable: 3, remaining_today: 2 })

    const first = await invite()
    expect(first.body).toMatchObject({ sent: 2, invited: 2, invitable: 1, remaining_today: 0 })
    const capped = await invite()
    expect(capped.status).toBe(429)
    expect(capped.body).toEqual({ message: INVITATION_MESSAGES.capReached })
    expect(await invitedIds()).toEqual(drivers.slice(0, 2).map((d) => d.userId))

    // Another company's cap is its own.
    const surPosting = (
      await insertPostings(p, sur.companyId, [
        { id_region: 13000, id_commune: PROVIDENCIA, id_vehicle: VEHICLE_MOTO, id_capacity: null },
      ])
    )[0]!
    expect((await invite(surPosting, sur)).body).toMatchObject({ sent: 3 })

    p.advance(DAY)
    expect((await matches()).body).toMatchObject({ remaining_today: DAILY_INVITATION_CAP, invitable: 1 })
    expect((await invite()).body).toMatchObject({ sent: 1, invited: 3, invitable: 0 })
    expect(await invitedIds()).toEqual(drivers.map((d) => d.userId))
  })

  it('refuses a closed posting, another company, drivers and anonymous callers', async () => {
    const camila = await makeDriver('Camila')
    const shut = await invite(closed)
    expect(shut.status).toBe(409)
    expect(shut.body).toEqual({ message: INVITATION_MESSAGES.closed })
    expect((await matches(closed)).body).toMatchObject({ open: false })
    expect((await matches(posting, sur)).status).toBe(404)
    expect((await invite(posting, sur)).status).toBe(404)
    expect((await api.get(`/business/job-postings/${posting}/matching-drivers`, driver(camila))).status).toBe(403)
    expect((await api.post(`/business/job-postings/${posting}/invitations`, undefined, driver(camila))).status).toBe(
      403,
    )
    expect((await api.post(`/business/job-postings/${posting}/invitations`)).status).toBe(401)
    expect((await matches(999_999)).status).toBe(404)
    expect(await invitedIds()).toEqual([])
    expect(await outbox(p, camila.email)).toEqual([])
  })

  it('reads the matching drivers from the index of the drivers who qualify, by place', async () => {
    const query = sql`select count(*) from matching_drivers where id_vehicle = ${VEHICLE_MOTO}
      and id_commune in (${LAS_CONDES}, ${PROVIDENCIA}) and (valid_until is null or valid_until >= '2026-01-01')`
    const plan =
      engine === 'sqlite'
        ? (await sql`explain query plan ${query}`.execute(p.db)).rows
        : // A handful of rows reads faster without an index: the planner is asked to use one if it can.
          await p.db.transaction().execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx)
            return (await sql`explain ${query}`.execute(trx)).rows
          })
    expect(JSON.stringify(plan)).toContain('matching_drivers_place_idx')
  })
})
