import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Performance } from '#domain/contract/performance'
import { PERFORMANCE_MESSAGES } from '#domain/validation/performance'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { documentForm, fileOf, samplePng, userWithSession } from '#services/users/driver-area/test-helpers'
import { startSession } from '#services/users/session-object'
import { sendTeamSummary } from '#services/users/team-summary'
import { quantile } from './performance-operations'

const SLOT = 'comprobante_domicilio'

/** «Rendimiento» and the daily summary (decision 92) on a small made-up set, on the injected clock. */
describe.each(engines)('the team’s numbers on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const setNow = (iso: string) => p.advance(Date.parse(iso) - p.now().getTime())

  /** A PENDING upload by a new driver, dated `iso` (Chile is UTC−3 in December). */
  const uploadAt = async (iso: string) => {
    const res = await api.call('POST', '/users/upload-files-user', {
      form: documentForm({ [SLOT]: fileOf(await samplePng(), `${SLOT}.png`, 'image/png') }),
      headers: (await userWithSession(p, 'User')).headers,
    })
    expect(res.status).toBe(201)
    const id = res.body.files[0].id_file as number
    await p.db.updateTable('user_files').set({ created_at: iso }).where('id', '=', id).execute()
    return id
  }

  /** A staff account whose every review opens a fresh session at the clock's time (console sessions idle out). */
  const staff = async (firstname: string, staffRole: 'revisor' | 'administrador' = 'revisor') => {
    const { user } = await userWithSession(p, 'admin', { staffRole })
    await p.db.updateTable('users').set({ firstname, lastname: 'Equipo' }).where('id', '=', user.id).execute()
    return {
      user,
      async decide(id: number, iso: string, decision: 'ACCEPTED' | 'REJECTED' = 'ACCEPTED') {
        setNow(iso)
        const token = await startSession(p, user)
        await p.db.updateTable('sessions').set({ factor_pending: 0 }).where('user_id', '=', user.id).execute()
        const body = decision === 'ACCEPTED' ? { decision } : { decision, reason: 'La imagen no se lee.' }
        const res = await api.post(`/admin/documents/${id}/review`, body, { 'auth-admin': token })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      },
    }
  }

  /** The figures an administrador sees at the current clock. */
  const figures = async (query = '') => {
    const admin = await userWithSession(p, 'admin')
    return api.get(`/admin/performance${query}`, admin.headers)
  }

  /**
   * Six decisions (working hours from upload to decision: 2, 23, 48, 76 and 67 in the last week, 25
   * three weeks before), two pending documents (one late), seen on Friday 4 December 2026 at 17:00.
   */
  const madeUpSet = async () => {
    const ana = await staff('Ana')
    const beto = await staff('Beto')
    const old = await uploadAt('2026-11-16T12:00:00.000Z') // Mon 16 Nov 09:00
    const a = await uploadAt('2026-11-30T12:00:00.000Z') // Mon 30 Nov 09:00
    const b = await uploadAt('2026-11-30T13:00:00.000Z') // Mon 30 Nov 10:00
    const c = await uploadAt('2026-11-30T17:00:00.000Z') // Mon 30 Nov 14:00
    const d = await uploadAt('2026-11-27T15:00:00.000Z') // Fri 27 Nov 12:00
    const e = await uploadAt('2026-12-01T20:00:00.000Z') // Tue 1 Dec 17:00
    await uploadAt('2026-11-30T12:00:00.000Z') // pending: 104 working hours by Friday 17:00, late
    await uploadAt('2026-12-04T13:00:00.000Z') // pending: Fri 4 Dec 10:00, on time
    // Tue 17 Nov 10:00: 15 h Monday + 10 h → 25 h.
    await beto.decide(old, '2026-11-17T13:00:00.000Z')
    // Mon 30 Nov 11:00: 2 h.
    await ana.decide(a, '2026-11-30T14:00:00.000Z')
    // Tue 1 Dec 09:00: 14 h Monday + 9 h → 23 h (not at 10:00: exactly 24 h would hang on the
    // milliseconds the review takes on the test's running clock).
    await ana.decide(b, '2026-12-01T12:00:00.000Z', 'REJECTED')
    // Wed 2 Dec 14:00: 10 + 24 + 14 → 48 h.
    await beto.decide(c, '2026-12-02T17:00:00.000Z')
    // Wed 2 Dec 16:00: Fri 12 + Mon 24 + Tue 24 + Wed 16 → 76 h.
    await beto.decide(d, '2026-12-02T19:00:00.000Z')
    // Fri 4 Dec 12:00: 7 + 24 + 24 + 12 → 67 h.
    await ana.decide(e, '2026-12-04T15:00:00.000Z')
    setNow('2026-12-04T20:00:00.000Z')
    return { ana, beto }
  }

  it('computes the median, p90, share within 24 working hours and counts per reviewer over 7 and 30 days', async () => {
    const { ana, beto } = await madeUpSet()

    const week = await figures()
    expect(week.status).toBe(200)
    expect(week.headers.get('cache-control')).toBe('no-store')
    const w = week.body as Performance
    expect(w.period).toBe(7)
    expect(w.days).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ])
    // Saturday 28 November starts at 00:00 in Chile, 03:00 UTC.
    expect(w.from).toBe('2026-11-28T03:00:00.000Z')
    expect(w).toMatchObject({
      decisions: 5,
      per_day: [0, 0, 1, 1, 2, 0, 1],
      timed: 5,
      // 2, 23, 48, 67, 76: the middle one; the 90th percentile by nearest rank is the 5th of 5.
      median_hours: 48,
      p90_hours: 76,
      within_24h: 2,
      within_24h_share: 0.4,
      late_now: 1,
    })
    expect(w.reviewers).toEqual([
      { id: ana.user.id, name: 'Ana Equipo', decisions: 3, per_day: [0, 0, 1, 1, 0, 0, 1] },
      { id: beto.user.id, name: 'Beto Equipo', decisions: 2, per_day: [0, 0, 0, 0, 2, 0, 0] },
    ])

    const month = (await figures('?dias=30')).body as Performance
    expect(month.days).toHaveLength(30)
    expect(month.days[0]).toBe('2026-11-05')
    expect(month).toMatchObject({
      decisions: 6,
      // 2, 23, 25, 48, 67, 76: the median halves the middle two; the 90th percentile is the 6th of 6.
      median_hours: 36.5,
      p90_hours: 76,
      within_24h: 2,
      late_now: 1,
    })
    expect(month.within_24h_share).toBeCloseTo(2 / 6)
    expect(month.reviewers.map((r) => [r.name, r.decisions])).toEqual([
      ['Ana Equipo', 3],
      ['Beto Equipo', 3],
    ])
    expect(month.per_day.reduce((a, b) => a + b, 0)).toBe(6)
    expect(month.reviewers[1]!.per_day[month.days.indexOf('2026-11-17')]).toBe(1)
    // Read again: from the stored roll-ups, their times fetched once and then kept by day.
    const again = { ...month, now: expect.any(String) }
    expect((await figures('?dias=30')).body).toEqual(again)
    expect((await figures('?dias=30')).body).toEqual(again)
  })

  it('answers an empty period with zeros and no times', async () => {
    setNow('2026-12-04T20:00:00.000Z')
    const res = await figures('?dias=7')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      decisions: 0,
      timed: 0,
      median_hours: null,
      p90_hours: null,
      within_24h: 0,
      within_24h_share: null,
      late_now: 0,
      reviewers: [],
      per_day: [0, 0, 0, 0, 0, 0, 0],
    })
  })

  it('takes only 7 or 30 days, and only from an administrador', async () => {
    for (const bad of ['14', '0', '-7', 'treinta', '7.0', '']) {
      const res = await figures(`?dias=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
      expect(JSON.stringify(res.body.message)).toContain(PERFORMANCE_MESSAGES.period)
    }
    const revisor = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    expect((await api.get('/admin/performance', revisor.headers)).status).toBe(403)
    const driver = await userWithSession(p, 'User')
    expect((await api.get('/admin/performance', driver.headers)).status).toBe(403)
    expect((await api.get('/admin/performance', {})).status).toBe(401)
  })

  it('mails yesterday’s figures to each administrador once a day', async () => {
    const { ana } = await madeUpSet()
    const boss = await staff('Carla', 'administrador')
    // Saturday 5 December 08:00: the summary of Friday 4 December (Ana's one decision, 67 h).
    setNow('2026-12-05T11:00:00.000Z')
    const before = await p.db.selectFrom('outbox').select('id').execute()
    const run = await sendTeamSummary(p, p.now())
    expect(run.day).toBe('2026-12-04')
    const mails = await p.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body_text'])
      .where('id', 'not in', before.length ? before.map((r) => r.id) : [0])
      .execute()
    // Every administrador (the ones made by userWithSession and Carla), no revisor.
    const administradores = await p.db
      .selectFrom('users')
      .select('email')
      .where('staff_role', '=', 'administrador')
      .execute()
    expect(run.mails).toBe(administradores.length)
    expect(mails.map((m) => m.recipient).sort()).toEqual(administradores.map((a) => a.email).sort())
    expect(mails.map((m) => m.recipient)).not.toContain(ana.user.email)
    const toBoss = mails.find((m) => m.recipient === boss.user.email)!
    expect(toBoss.subject).toBe('Resumen del equipo del 04-12-2026')
    expect(toBoss.body_text).toContain('El equipo decidió 1 documento el 04-12-2026.')
    expect(toBoss.body_text).toContain('0\u00a0% dentro de 24 horas hábiles desde su carga (mediana: 67 h hábiles).')
    expect(toBoss.body_text).toContain('Hay 1 documento atrasado ahora')
    expect(toBoss.body_text).toContain('Ana Equipo: 1')
    expect(toBoss.body_text).toContain('/admin/rendimiento')

    // A second run the same day (another process, «Ejecutar ahora») sends nothing.
    p.advance(3_600_000)
    expect(await sendTeamSummary(p, p.now())).toEqual({ day: '2026-12-04', mails: 0 })
    const after = await p.db.selectFrom('outbox').select('id').execute()
    expect(after.length).toBe(before.length + mails.length)

    // The next day's run is about Saturday: no decisions, still one late document.
    setNow('2026-12-06T11:00:00.000Z')
    const sunday = await sendTeamSummary(p, p.now())
    expect(sunday).toEqual({ day: '2026-12-05', mails: administradores.length })
    const last = await p.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', boss.user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(last.body_text).toContain('El equipo decidió 0 documentos el 05-12-2026. Sin decisiones que medir.')
  })
})

describe('quantiles', () => {
  it('halves the middle two for the median and takes the nearest rank otherwise', () => {
    expect(quantile([], 0.5)).toBeNull()
    expect(quantile([4], 0.9)).toBe(4)
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5)
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9)
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10)
  })
})
