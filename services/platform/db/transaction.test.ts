import { Hono } from 'hono'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, errorResponse, MESSAGES } from '#services/platform/http'
import { engines, openTestDatabase } from '#services/testing/database'
import { inTransaction, TRANSACTION_ATTEMPTS } from './transaction'

describe.each(engines)('inTransaction on %s', (engine) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    handle = await openTestDatabase(engine)
  })
  afterAll(async () => handle.destroy())

  it('retries a serialization failure a bounded number of times, then gives up', async () => {
    let calls = 0
    const failure = Object.assign(new Error('could not serialize access'), { code: '40001' })
    await expect(
      inTransaction(handle.db, async () => {
        calls++
        throw failure
      }),
    ).rejects.toBe(failure)
    expect(calls).toBe(TRANSACTION_ATTEMPTS)
  })

  it('runs again after a retryable failure and commits once', async () => {
    let calls = 0
    const result = await inTransaction(handle.db, async (trx) => {
      calls++
      await trx
        .insertInto('zones')
        .values({ id_zone: 900 + calls, name_zone: `Zona ${calls}` })
        .execute()
      if (calls === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' })
      return 'ok'
    })
    expect([result, calls]).toEqual(['ok', 2])
    // The first attempt was rolled back: only the second one's row exists.
    const zones = await handle.db.selectFrom('zones').select('id_zone').where('id_zone', '>=', 900).execute()
    expect(zones.map((z) => z.id_zone)).toEqual([902])
  })

  it('does not retry a rule (ApiError)', async () => {
    let calls = 0
    await expect(
      inTransaction(handle.db, async () => {
        calls++
        throw new ApiError(409, 'no')
      }),
    ).rejects.toBeInstanceOf(ApiError)
    expect(calls).toBe(1)
  })

  it(
    'answers a real unique violation with 409 and the Spanish message, without ' + 'retrying it or writing anything',
    async () => {
      // A service route that loses a race on a unique index: the engine's own error.
      await handle.db.insertInto('zones').values({ id_zone: 700, name_zone: 'Única' }).execute()
      let calls = 0
      const app = new Hono()
      app.onError(errorResponse)
      app.post('/zones', async (c) => {
        await inTransaction(handle.db, async (trx) => {
          calls++
          await trx.insertInto('zones').values({ id_zone: 701, name_zone: 'Nueva' }).execute()
          await trx.insertInto('zones').values({ id_zone: 700, name_zone: 'Repetida' }).execute()
        })
        return c.json({ ok: true }, 201)
      })
      const res = await app.request('/zones', { method: 'POST' })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ message: MESSAGES.conflict })
      expect(calls).toBe(1)
      // Nothing of the failed transaction stays.
      const rows = await handle.db
        .selectFrom('zones')
        .select(['id_zone', 'name_zone'])
        .where('id_zone', 'in', [700, 701])
        .execute()
      expect(rows).toEqual([{ id_zone: 700, name_zone: 'Única' }])
    },
  )

  it.runIf(engine === 'postgres')('resolves a real deadlock between two transactions', async () => {
    await handle.db
      .insertInto('zones')
      .values([
        { id_zone: 801, name_zone: 'A' },
        { id_zone: 802, name_zone: 'B' },
      ])
      .execute()
    let attempts = 0
    // Each first attempt holds its first row until the other holds its own (a barrier, not a
    // sleep): the second updates then wait on each other, whatever the machine's load.
    let arrived = 0
    let release!: () => void
    const bothHoldOne = new Promise<void>((r) => (release = r))
    const lockBoth = (first: number, second: number) => {
      let firstAttempt = true
      return inTransaction(handle.db, async (trx) => {
        attempts++
        await trx
          .updateTable('zones')
          .set({ name_zone: sql`name_zone || '.'` })
          .where('id_zone', '=', first)
          .execute()
        if (firstAttempt) {
          firstAttempt = false
          if (++arrived === 2) release()
          await bothHoldOne
        }
        await trx
          .updateTable('zones')
          .set({ name_zone: sql`name_zone || '.'` })
          .where('id_zone', '=', second)
          .execute()
      })
    }
    await Promise.all([lockBoth(801, 802), lockBoth(802, 801)])
    // One of them was chosen as the deadlock victim and ran again.
    expect(attempts).toBeGreaterThanOrEqual(3)
    const rows = await handle.db
      .selectFrom('zones')
      .select(['id_zone', 'name_zone'])
      .where('id_zone', 'in', [801, 802])
      .orderBy('id_zone')
      .execute()
    expect(rows.map((r) => r.name_zone)).toEqual(['A..', 'B..'])
  })
})
