import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import { VEHICLE_AUTO, VEHICLE_MOTO } from '#domain/reference-data/vehicles'
import { MESSAGES } from '#services/platform/http'
import { REQUIRED_SLOTS } from '#services/shared/validated-drivers'
import {
  driverAccount,
  insertPostings,
  invitationsSentToday,
  type Account,
  companyActorFor,
  documentRecord,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, type TestPlatform } from '#services/testing/platform'
import type { CompanyActor } from './company-context'
import {
  DAILY_INVITATION_CAP,
  INVITATION_MESSAGES,
  inviteMatchingDrivers,
  invitedMessage,
  postingMatches,
} from './invitation-operations'

const LAS_CONDES = 13114
const PROVIDENCIA = 13123

/** The invitation operations called as a script would call them, without a route in between. */
describe.each(engines)('invitation operations on %s', (engine) => {
  let p: TestPlatform
  let andes: CompanyActor
  let sur: CompanyActor
  let posting: number
  let closed: number

  /** A driver opted in to invitations, with a vehicle and commune stated and the 22 documents approved. */
  async function validatedDriver(name: string, o: { vehicle?: number; commune?: number } = {}): Promise<Account> {
    const d = await driverAccount(p, name)
    const now = p.now().toISOString()
    await p.db
      .updateTable('users')
      .set({
        id_vehicle: o.vehicle ?? VEHICLE_MOTO,
        id_commune: o.commune ?? LAS_CONDES,
        invitations_opt_in_at: now,
      })
      .where('id', '=', d.userId)
      .execute()
    await p.db
      .insertInto('user_files')
      .values(
        REQUIRED_SLOTS.map((slot) =>
          documentRecord(p, d.userId, slot, { reviewed: true, key: `${d.userId}-${slot}-` }),
        ),
      )
      .execute()
    return d
  }

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    andes = await companyActorFor(p, 'Transportes Andes SpA')
    sur = await companyActorFor(p, 'Mercado Sur Ltda.')
    const place = { id_zone: 2, id_region: 13000, id_commune: LAS_CONDES, id_vehicle: VEHICLE_MOTO, id_capacity: null }
    ;[posting, closed] = await insertPostings(p, andes.company.id, [
      { ...place, title: 'Reparto en moto en Las Condes' },
      { ...place, title: 'Ruta cerrada', status: 'closed' },
    ])
  })
  afterEach(async () => p.destroy())

  const invitations = () =>
    p.db
      .selectFrom('posting_invitations')
      .select(['posting_id', 'user_id', 'company_id', 'day'])
      .orderBy('user_id')
      .execute()

  it('counts the matching drivers, invites those not reached once, and counts them invited', async () => {
    const camila = await validatedDriver('Camila')
    const pedro = await validatedDriver('Pedro', { commune: PROVIDENCIA })
    const raul = await validatedDriver('Raúl', { vehicle: VEHICLE_AUTO })

    expect(await postingMatches(p, andes, { id: posting })).toEqual({
      open: true,
      matching: 2,
      invitable: 2,
      invited: 0,
      remaining_today: DAILY_INVITATION_CAP,
      daily_cap: DAILY_INVITATION_CAP,
      name_vehicle: 'Moto',
      name_commune: 'Las Condes',
    })

    expect(await inviteMatchingDrivers(p, andes, { id: posting })).toEqual({
      message: invitedMessage(2),
      sent: 2,
      open: true,
      matching: 2,
      invitable: 0,
      invited: 2,
      remaining_today: DAILY_INVITATION_CAP - 2,
      daily_cap: DAILY_INVITATION_CAP,
      name_vehicle: 'Moto',
      name_commune: 'Las Condes',
    })
    const today = dayInChile(p.now())
    expect(await invitations()).toEqual(
      [camila.userId, pedro.userId]
        .sort((a, b) => a - b)
        .map((id) => ({ posting_id: posting, user_id: id, company_id: andes.company.id, day: today })),
    )
    expect((await outbox(p, camila.email)).map((m) => m.subject)).toEqual([
      'Transportes Andes SpA te invita a postular: Reparto en moto en Las Condes',
    ])
    expect(await outbox(p, raul.email)).toEqual([])

    // Pressing again reaches no one new: nothing written, no second mail.
    expect(await inviteMatchingDrivers(p, andes, { id: posting })).toMatchObject({
      message: INVITATION_MESSAGES.noneLeft,
      sent: 0,
      invited: 2,
    })
    expect(await invitations()).toHaveLength(2)
    expect(await outbox(p, camila.email)).toHaveLength(1)
  })

  it("stops at the company's daily cap: what is left is invited, then 429 with nothing written", async () => {
    // All but one of today's invitations already went out, to other drivers of another posting.
    const [other] = await insertPostings(p, andes.company.id, [{ title: 'Otra ruta' }])
    await invitationsSentToday(p, andes.company.id, other!, DAILY_INVITATION_CAP - 1)
    const [first, second] = [await validatedDriver('Camila'), await validatedDriver('Pedro')]

    expect(await inviteMatchingDrivers(p, andes, { id: posting })).toMatchObject({
      message: invitedMessage(1),
      sent: 1,
      invitable: 1,
      remaining_today: 0,
    })
    await expect(inviteMatchingDrivers(p, andes, { id: posting })).rejects.toMatchObject({
      status: 429,
      messages: INVITATION_MESSAGES.capReached,
    })
    const reached = await p.db
      .selectFrom('posting_invitations')
      .select('user_id')
      .where('posting_id', '=', posting)
      .execute()
    expect(reached).toEqual([{ user_id: Math.min(first.userId, second.userId) }])
  })

  it('refuses a closed posting and another company, writing nothing', async () => {
    const camila = await validatedDriver('Camila')
    expect(await postingMatches(p, andes, { id: closed })).toMatchObject({ open: false, matching: 1 })
    await expect(inviteMatchingDrivers(p, andes, { id: closed })).rejects.toMatchObject({
      status: 409,
      messages: INVITATION_MESSAGES.closed,
    })
    await expect(postingMatches(p, sur, { id: posting })).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
    await expect(inviteMatchingDrivers(p, sur, { id: posting })).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
    expect(await invitations()).toEqual([])
    expect(await outbox(p, camila.email)).toEqual([])
  })
})
