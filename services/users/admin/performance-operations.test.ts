import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chileDayStart } from '#domain/schedule'
import { driverAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { readTeamPerformance, teamFigures } from './performance-operations'
import { audit, type Actor } from './shared'

/** Friday 4 December 2026, 17:00 in Chile (UTC−3): every test's clock. */
const NOW = '2026-12-04T20:00:00.000Z'
const WEEK = ['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']

/** «Rendimiento»'s operations called as a script would call them, without a route in between. */
describe.each(engines)('console performance operations on %s', (engine) => {
  let p: TestPlatform
  let ana: Actor
  let beto: Actor
  let driverId: number

  /** A staff account named `firstname` Equipo, as the audit rows name it. */
  async function staff(firstname: string): Promise<Actor> {
    const { user } = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    await p.db.updateTable('users').set({ firstname, lastname: 'Equipo' }).where('id', '=', user.id).execute()
    return { userId: user.id, actor: user.email }
  }

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    // A clock that stands still, so that «now» is the same instant for the decisions and the read.
    p.now = () => new Date(NOW)
    ana = await staff('Ana')
    beto = await staff('Beto')
    driverId = (await driverAccount(p)).userId
  })
  afterEach(async () => p.destroy())

  /** A driver's upload at `iso`, in a slot of its own (each record is its slot's latest). */
  async function upload(iso: string, slot: string, status: 'PENDING' | 'ACCEPTED' = 'ACCEPTED') {
    const row = await p.db
      .insertInto('user_files')
      .values({
        user_id: driverId,
        purpose_name: slot,
        file_status: status,
        storage_key: `documents/${slot}.png`,
        mime_type: 'image/png',
        size_bytes: 5,
        original_name: 'foto.png',
        rejection_reason: null,
        created_at: iso,
        reviewed_at: null,
        expires_on: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** A reviewer's decision on a record at `iso`: the audit row the review writes. */
  const decide = (who: Actor, fileId: number, iso: string, action = 'document.approve') =>
    audit(p.db, who, { action, entityType: 'user_file', entityId: fileId }, new Date(iso))

  it('reads the last 7 days up to now: decisions per reviewer and day, hours to decision, the late ones', async () => {
    // Mon 30 Nov 09:00 → 11:00: 2 working hours.
    await decide(ana, await upload('2026-11-30T12:00:00.000Z', 'comprobante_domicilio'), '2026-11-30T14:00:00.000Z')
    // Tue 1 Dec 17:00 → Fri 4 Dec 12:00: 7 + 24 + 24 + 12 → 67 working hours.
    const late = await upload('2026-12-01T20:00:00.000Z', 'cedula_identidad_frontal')
    await decide(beto, late, '2026-12-04T15:00:00.000Z', 'document.reject')
    // Pending since Mon 30 Nov 09:00: late at Friday 17:00.
    await upload('2026-11-30T12:00:00.000Z', 'licencia_conducir_frontal', 'PENDING')

    expect(await readTeamPerformance(p, { dias: '7' })).toEqual({
      period: 7,
      days: WEEK,
      // Saturday 28 November starts at 00:00 in Chile, 03:00 UTC.
      from: '2026-11-28T03:00:00.000Z',
      now: NOW,
      decisions: 2,
      per_day: [0, 0, 1, 0, 0, 0, 1],
      timed: 2,
      median_hours: 34.5,
      p90_hours: 67,
      within_24h: 1,
      within_24h_share: 0.5,
      late_now: 1,
      reviewers: [
        { id: ana.userId, name: 'Ana Equipo', decisions: 1, per_day: [0, 0, 1, 0, 0, 0, 0] },
        { id: beto.userId, name: 'Beto Equipo', decisions: 1, per_day: [0, 0, 0, 0, 0, 0, 1] },
      ],
    })
  })

  it('counts a decision of this very millisecond, not one after; 30 days reach further back', async () => {
    await decide(ana, await upload('2026-12-04T12:00:00.000Z', 'comprobante_domicilio'), NOW)
    const after = new Date(Date.parse(NOW) + 1).toISOString()
    await decide(beto, await upload('2026-12-04T12:00:00.000Z', 'cedula_identidad_frontal'), after)
    // Tuesday 17 November, three weeks before.
    await decide(
      beto,
      await upload('2026-11-16T12:00:00.000Z', 'licencia_conducir_frontal'),
      '2026-11-17T13:00:00.000Z',
    )

    const week = await readTeamPerformance(p, { dias: '7' })
    expect(week.reviewers.map((r) => [r.name, r.decisions])).toEqual([['Ana Equipo', 1]])
    expect(week.per_day).toEqual([0, 0, 0, 0, 0, 0, 1])

    const month = await readTeamPerformance(p, { dias: '30' })
    expect(month).toMatchObject({ period: 30, from: '2026-11-05T03:00:00.000Z', decisions: 2 })
    expect(month.days).toHaveLength(30)
    expect(month.reviewers.map((r) => [r.name, r.decisions])).toEqual([
      ['Ana Equipo', 1],
      ['Beto Equipo', 1],
    ])
  })

  it('answers a period without decisions with zeros and no times', async () => {
    expect(await readTeamPerformance(p, { dias: '7' })).toMatchObject({
      days: WEEK,
      decisions: 0,
      per_day: [0, 0, 0, 0, 0, 0, 0],
      timed: 0,
      median_hours: null,
      p90_hours: null,
      within_24h: 0,
      within_24h_share: null,
      late_now: 0,
      reviewers: [],
    })
  })

  it('names a removed account by its audit row’s address; a decision without upload is untimed', async () => {
    const gone: Actor = { userId: null, actor: 'ex.revisora@fleeters.cl' }
    await decide(gone, await upload('2026-12-03T12:00:00.000Z', 'comprobante_domicilio'), '2026-12-03T14:00:00.000Z')
    // The record went with its account: the decision counts, its time does not.
    await decide(ana, 999_999, '2026-12-03T15:00:00.000Z')

    const week = await readTeamPerformance(p, { dias: '7' })
    expect(week).toMatchObject({ decisions: 2, timed: 1, median_hours: 2, within_24h: 1, within_24h_share: 1 })
    expect(week.reviewers).toEqual([
      { id: ana.userId, name: 'Ana Equipo', decisions: 1, per_day: [0, 0, 0, 0, 0, 1, 0] },
      { id: null, name: 'ex.revisora@fleeters.cl', decisions: 1, per_day: [0, 0, 0, 0, 0, 1, 0] },
    ])
  })

  it('rolls a closed day up once and reads it from there; a day still open at `until` comes from the log', async () => {
    await decide(ana, await upload('2026-12-03T12:00:00.000Z', 'comprobante_domicilio'), '2026-12-03T14:00:00.000Z')
    await decide(beto, await upload('2026-12-04T12:00:00.000Z', 'cedula_identidad_frontal'), '2026-12-04T13:00:00.000Z')
    const now = p.now()

    // The daily summary's read: yesterday, up to today's start.
    const yesterday = await teamFigures(p.db, p.columns, ['2026-12-03'], chileDayStart('2026-12-04'), now)
    expect(yesterday).toMatchObject({ days: ['2026-12-03'], decisions: 1, per_day: [1], median_hours: 2 })
    expect(yesterday.reviewers.map((r) => r.name)).toEqual(['Ana Equipo'])
    const rolled = await p.db.selectFrom('review_days').select(['day', 'decisions', 'timed', 'within']).execute()
    expect(rolled).toEqual([{ day: '2026-12-03', decisions: 1, timed: 1, within: 1 }])

    // A decision that reaches the log of a rolled-up day afterwards is not counted: the roll-up stands.
    await decide(
      beto,
      await upload('2026-12-03T12:00:00.000Z', 'licencia_conducir_frontal'),
      '2026-12-03T16:00:00.000Z',
    )
    const two = await teamFigures(p.db, p.columns, ['2026-12-03', '2026-12-04'], new Date(now.getTime() + 1), now)
    expect(two).toMatchObject({ decisions: 2, per_day: [1, 1] })

    // A day that ends after `until` is read from the log up to `until`, and not rolled up.
    const morning = await teamFigures(p.db, p.columns, ['2026-12-04'], new Date('2026-12-04T12:30:00.000Z'), now)
    expect(morning).toMatchObject({ decisions: 0, per_day: [0] })
    expect((await p.db.selectFrom('review_days').select('day').execute()).map((r) => r.day)).toEqual(['2026-12-03'])
  })

  it('reads an open day’s settled decisions once, and what came after them on every read', async () => {
    let clock = '2026-12-04T14:00:00.000Z'
    p.now = () => new Date(clock)
    const at = (iso: string, slot: string) => upload(iso, slot)
    // Friday 09:00 and 10:55 in Chile, both uploaded at 08:00: 1 and 2.9 working hours.
    await decide(ana, await at('2026-12-04T11:00:00.000Z', 'comprobante_domicilio'), '2026-12-04T12:00:00.000Z')
    await decide(beto, await at('2026-12-04T11:00:00.000Z', 'cedula_identidad_frontal'), '2026-12-04T13:55:00.000Z')
    const first = await readTeamPerformance(p, { dias: '7' })
    expect(first).toMatchObject({ decisions: 2, timed: 2, median_hours: 2, p90_hours: 2.9, within_24h: 2 })

    // A decision at 11:05, then the clock at 11:30: the settled part grows past both.
    clock = '2026-12-04T14:05:00.000Z'
    await decide(ana, await at('2026-12-04T11:00:00.000Z', 'licencia_conducir_frontal'), clock)
    clock = '2026-12-04T14:30:00.000Z'
    const second = await readTeamPerformance(p, { dias: '30' })
    expect(second).toMatchObject({ decisions: 3, timed: 3, median_hours: 2.9, p90_hours: 3.1 })
    expect(second.reviewers.map((r) => [r.name, r.decisions])).toEqual([
      ['Ana Equipo', 2],
      ['Beto Equipo', 1],
    ])

    // Reads at once, with a decision of the last minutes: none counts a decision twice.
    await decide(beto, await at('2026-12-04T11:00:00.000Z', 'soap_frontal'), '2026-12-04T14:25:00.000Z')
    clock = '2026-12-04T14:50:00.000Z'
    const together = await Promise.all([1, 2, 3].map(() => readTeamPerformance(p, { dias: '7' })))
    const after = await readTeamPerformance(p, { dias: '7' })
    for (const read of [...together, after]) {
      expect(read).toMatchObject({ decisions: 4, timed: 4, per_day: [0, 0, 0, 0, 0, 0, 4] })
      expect(read.reviewers.map((r) => [r.name, r.decisions])).toEqual([
        ['Ana Equipo', 2],
        ['Beto Equipo', 2],
      ])
    }

    // The day as the log alone gives it (a read up to a past instant does not use what was kept).
    const logAlone = await teamFigures(p.db, p.columns, ['2026-12-04'], new Date('2026-12-04T14:30:00.000Z'), p.now())
    expect(logAlone).toMatchObject({ decisions: 4, median_hours: after.median_hours, p90_hours: after.p90_hours })
  })
})
