import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { documentForm, fileOf, samplePng, userWithSession } from '#services/users/driver-area/test-helpers'
import { reviewCutoffs } from './queue'

interface Clocked {
  id: number
  due_at: string
  age_hours: number
  late: boolean
}

describe.each(engines)('the document queue on the review clock on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  /** Moves the injected clock to an instant. */
  const setNow = (iso: string) => p.advance(Date.parse(iso) - p.now().getTime())

  /** A PENDING upload of `slot` by a new driver, dated `iso`. */
  const uploadAt = async (slot: string, iso: string, headers?: Record<string, string>) => {
    const res = await api.call('POST', '/users/upload-files-user', {
      form: documentForm({ [slot]: fileOf(await samplePng(), `${slot}.png`, 'image/png') }),
      headers: headers ?? (await userWithSession(p, 'User')).headers,
    })
    expect(res.status).toBe(201)
    const id = res.body.files[0].id_file as number
    await p.db.updateTable('user_files').set({ created_at: iso }).where('id', '=', id).execute()
    return id
  }

  /** The queue as a console session opened at the current clock sees it (sessions expire). */
  const queueNow = async (query = '') =>
    api.get(`/admin/documents${query}`, (await userWithSession(p, 'admin')).headers)

  it('gives each document its due time and age, and counts the late, due today and on time', async () => {
    // Wednesday 2 December 11:00 in Chile.
    setNow('2026-12-02T14:00:00.000Z')
    // Tuesday 1 December 2026 09:00 in Chile → due Wednesday 09:00, 26 working hours old: late.
    const a = await uploadAt('soap_frontal', '2026-12-01T12:00:00.000Z')
    // Tuesday 1 December 18:00 → due Wednesday 2 December 18:00.
    const b = await uploadAt('soap_frontal', '2026-12-01T21:00:00.000Z')
    // Tuesday 1 December 17:30 → due Wednesday 17:30.
    const d = await uploadAt('licencia_conducir_frontal', '2026-12-01T20:30:00.000Z')
    // Wednesday 2 December 10:00 → due Thursday 3 December 10:00.
    const c = await uploadAt('soap_frontal', '2026-12-02T13:00:00.000Z')

    const queue = await queueNow()
    expect(queue.status).toBe(200)
    const docs = queue.body.documents as Clocked[]
    expect(docs.map((x) => x.id)).toEqual([a, d, b, c])
    expect(docs.map((x) => [x.due_at, x.age_hours, x.late])).toEqual([
      ['2026-12-02T12:00:00.000Z', 26, true],
      ['2026-12-02T20:30:00.000Z', 17.5, false],
      ['2026-12-02T21:00:00.000Z', 17, false],
      ['2026-12-03T13:00:00.000Z', 1, false],
    ])
    expect(queue.body.total).toBe(4)
    expect(queue.body.counts).toEqual({ late: 1, due_today: 2, on_time: 1 })
    expect(Date.parse(queue.body.now)).toBeGreaterThanOrEqual(Date.parse('2026-12-02T14:00:00.000Z'))
    expect(Date.parse(queue.body.now)).toBeLessThanOrEqual(p.now().getTime())

    // The counts follow the filters.
    const soap = await queueNow('?slot=soap_frontal')
    expect(soap.body.counts).toEqual({ late: 1, due_today: 1, on_time: 1 })

    // Thursday 3 December 09:30: the two due on Wednesday are late, the last one is due today.
    setNow('2026-12-03T12:30:00.000Z')
    const later = await queueNow()
    expect((later.body.documents as Clocked[]).map((x) => x.late)).toEqual([true, true, true, false])
    expect(later.body.counts).toEqual({ late: 3, due_today: 1, on_time: 0 })

    // Saturday 5 December: nothing falls due on a day off; Thursday's one is late by then.
    setNow('2026-12-05T15:00:00.000Z')
    expect((await queueNow()).body.counts).toEqual({ late: 4, due_today: 0, on_time: 0 })
  })

  it('counts the Tuesday 8 December holiday out: a Monday upload is due on Wednesday', async () => {
    // Monday 7 December 2026 15:00: 9 h Monday, Tuesday 8 a holiday, 15 h Wednesday → due
    // Wednesday 9 December 15:00.
    setNow('2026-12-09T15:00:00.000Z')
    const id = await uploadAt('soap_frontal', '2026-12-07T18:00:00.000Z')
    const queue = await queueNow()
    const item = (queue.body.documents as Clocked[]).find((x) => x.id === id)!
    expect(item).toMatchObject({ due_at: '2026-12-09T18:00:00.000Z', age_hours: 21, late: false })
    expect(queue.body.counts).toEqual({ late: 0, due_today: 1, on_time: 0 })
  })

  it('dues a Friday-evening upload before a Monday holiday on Tuesday at the same hour', async () => {
    // Friday 26 June 2026 20:00 in Chile (UTC−4); Monday 29 June is San Pedro y San Pablo: 4 h
    // Friday, 20 h Tuesday → due Tuesday 30 June 20:00. Seen on Tuesday at 12:00: 16 h, due today.
    setNow('2026-06-30T16:00:00.000Z')
    const id = await uploadAt('soap_frontal', '2026-06-27T00:00:00.000Z')
    const queue = await queueNow()
    expect(queue.body.documents).toEqual([
      expect.objectContaining({ id, due_at: '2026-07-01T00:00:00.000Z', age_hours: 16, late: false }),
    ])
    expect(queue.body.counts).toEqual({ late: 0, due_today: 1, on_time: 0 })
    // A minute before 20:00 it is still due today; a minute after, late.
    setNow('2026-06-30T23:59:00.000Z')
    expect((await queueNow()).body.counts).toEqual({ late: 0, due_today: 1, on_time: 0 })
    setNow('2026-07-01T00:01:00.000Z')
    expect((await queueNow()).body.counts).toEqual({ late: 1, due_today: 0, on_time: 0 })
  })

  it('filters first uploads from re-uploads (the driver had a file in that slot before), counts included', async () => {
    setNow('2026-12-02T14:00:00.000Z')
    const driver = await userWithSession(p, 'User')
    await uploadAt('soap_frontal', '2026-11-20T13:00:00.000Z', driver.headers)
    const again = await uploadAt('soap_frontal', '2026-11-27T13:00:00.000Z', driver.headers)
    const first = await uploadAt('soap_frontal', '2026-12-02T12:00:00.000Z')
    const ids = (res: { body: { documents: Array<{ id: number }> } }) => res.body.documents.map((x) => x.id)
    expect(ids(await queueNow())).toEqual([again, first])
    const reuploads = await queueNow('?origin=reupload')
    expect(ids(reuploads)).toEqual([again])
    expect(reuploads.body.counts).toEqual({ late: 1, due_today: 0, on_time: 0 })
    const firsts = await queueNow('?origin=first')
    expect(ids(firsts)).toEqual([first])
    expect(firsts.body.counts).toEqual({ late: 0, due_today: 0, on_time: 1 })
    // An unknown value is no filter, as an unknown slot.
    expect(ids(await queueNow('?origin=otra'))).toEqual([again, first])
  })

  it('lists one part of the clock with ?due=, counts from the other filters; the home reads them', async () => {
    // Wednesday 2 December 11:00: one late, one due today, one due tomorrow.
    setNow('2026-12-02T14:00:00.000Z')
    const late = await uploadAt('soap_frontal', '2026-12-01T12:00:00.000Z')
    const today = await uploadAt('soap_frontal', '2026-12-01T21:00:00.000Z')
    const later = await uploadAt('licencia_conducir_frontal', '2026-12-02T13:00:00.000Z')
    const ids = (res: { body: { documents: Array<{ id: number }> } }) => res.body.documents.map((x) => x.id)
    const parts: Array<[string, number[]]> = [
      ['late', [late]],
      ['today', [today]],
      ['on_time', [later]],
    ]
    for (const [due, expected] of parts) {
      const res = await queueNow(`?due=${due}`)
      expect(ids(res), due).toEqual(expected)
      expect(res.body.total, due).toBe(1)
      expect(res.body.counts, due).toEqual({ late: 1, due_today: 1, on_time: 1 })
    }
    // With another filter: the SOAP due after today are none; the counts follow the slot.
    const soap = await queueNow('?due=on_time&slot=soap_frontal')
    expect(ids(soap)).toEqual([])
    expect(soap.body).toMatchObject({ total: 0, counts: { late: 1, due_today: 1, on_time: 0 } })
    // An unknown value is no filter.
    expect(ids(await queueNow('?due=ayer'))).toEqual([late, today, later])

    // The console's home shows the unfiltered queue's own counts.
    const headers = (await userWithSession(p, 'admin')).headers
    const summary = await api.get('/admin/summary', headers)
    expect(summary.status).toBe(200)
    expect(summary.body.queue).toEqual((await queueNow()).body.counts)
    expect(summary.body.queue).toEqual({ late: 1, due_today: 1, on_time: 1 })
    expect(summary.body.pending_documents).toBe(3)

    // A review opened from one part moves on within it: each part holds one document, so there is
    // no next; without the part, the next in line.
    const next = async (id: number, query: string) =>
      (await api.get(`/admin/documents/${id}${query}`, headers)).body.next_id as number | null
    expect(await next(late, '')).toBe(today)
    expect(await next(late, '?due=late')).toBeNull()
    expect(await next(today, '?due=today')).toBeNull()
    expect(await next(today, '')).toBe(later)
  })

  it('splits the queue at the upload times whose due time is now and today’s closing', () => {
    // Wednesday 2 December 11:00: late before Tuesday 1 December 11:00; due today (by Wednesday's
    // 24:00) up to Wednesday's first instant.
    expect(reviewCutoffs(new Date('2026-12-02T14:00:00.000Z'))).toEqual({
      late: '2026-12-01T14:00:00.000Z',
      dueToday: '2026-12-02T03:00:00.001Z',
    })
  })
})
