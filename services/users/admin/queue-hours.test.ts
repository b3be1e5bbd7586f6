import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fillQueueHours } from '#services/platform/db/migrations/0039_queue_hour_counts'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { runAccountClosure } from '#services/users/account-closure'
import { userWithSession } from '#services/users/driver-area/test-helpers'

/**
 * The queue's counters per upload hour (migration 0039, decision 111) stay what counting the queue
 * gives as records enter it, leave it (a decision, a newer upload, an erased account) and change
 * their flags; and the queue's counts read from them are those of its records at every filter.
 */
describe.each(engines)("the queue's hour counters on %s", (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let admin: Record<string, string>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    admin = (await userWithSession(p, 'admin')).headers
  })
  afterEach(async () => p.destroy())

  const driver = async (email: string) => {
    const at = p.now().toISOString()
    const row = await p.db
      .insertInto('users')
      .values({
        role: 'User',
        email,
        password_hash: 'x',
        firstname: 'Ana',
        lastname: 'Soto',
        email_verified: 1,
        accepted_terms_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const pending = async (userId: number, slot: string, flags: string | null, hoursAgo: number) => {
    const row = await p.db
      .insertInto('user_files')
      .values({
        user_id: userId,
        purpose_name: slot,
        file_status: 'PENDING',
        storage_key: `k-${userId}-${slot}-${Math.random()}`,
        mime_type: 'image/png',
        size_bytes: 10,
        original_name: 'foto.png',
        created_at: new Date(p.now().getTime() - hoursAgo * 3_600_000).toISOString(),
        photo_flags: flags,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const counters = async () =>
    (await p.db.selectFrom('queue_hours').selectAll().orderBy('bucket').orderBy('hour').execute()).map(
      (r) => `${r.bucket} ${r.hour} ${Number(r.n)}`,
    )
  /** The counters as the migration fills them from the queue's records. */
  const recounted = async () => {
    const kept = await counters()
    await fillQueueHours(p.db, p.dialect)
    const filled = await counters()
    return { kept, filled }
  }
  const filters = ['', 'slot=cedula_identidad_frontal', 'origin=first', 'origin=reupload', 'alerts=flagged']

  it('keep what counting the queue gives, and the counts are those of its records', async () => {
    const a = await driver('a@x.test')
    const b = await driver('b@x.test')
    for (const [i, slot] of ['cedula_identidad_frontal', 'soap_frontal', 'licencia_conducir_frontal'].entries()) {
      await pending(a, slot, i === 0 ? 'blurred' : '', 2 + i * 20)
      await pending(b, slot, i === 1 ? 'dark,glare' : null, 30 + i * 7)
    }
    const old = await pending(a, 'padron_vehiculo_frontal', '', 50)
    await pending(a, 'padron_vehiculo_frontal', 'small', 1) // a re-upload takes the older one out
    const before = await recounted()
    expect(before.kept).toEqual(before.filled)
    expect(before.kept.length).toBeGreaterThan(10)
    const flagged = (await p.db.selectFrom('user_files').select('id').where('user_id', '=', b).execute())[0]!.id
    await p.db.updateTable('user_files').set({ photo_flags: 'dark' }).where('id', '=', flagged).execute()
    await p.db.updateTable('user_files').set({ file_status: 'REJECTED' }).where('id', '=', old).execute()
    const decided = await pending(b, 'cedula_identidad_posterior', '', 5)
    expect(
      (
        await api.post(
          `/admin/documents/${decided}/review`,
          { decision: 'REJECTED', reason: 'El documento está vencido. Sube uno vigente.' },
          admin,
        )
      ).status,
    ).toBe(200)
    const after = await recounted()
    expect(after.kept).toEqual(after.filled)
    for (const filter of filters) {
      const res = await api.get(`/admin/documents?${filter}`, admin)
      expect(res.status).toBe(200)
      const shown = (res.body.documents as Array<{ late: boolean }>).length
      const { late, due_today, on_time } = res.body.counts as Record<string, number>
      expect(late + due_today + on_time, filter).toBe(shown)
      expect(late, filter).toBe((res.body.documents as Array<{ late: boolean }>).filter((d) => d.late).length)
    }
    await p.db.updateTable('users').set({ deletion_due_at: p.now().toISOString() }).where('id', '=', a).execute()
    expect((await runAccountClosure(p, p.now())).erased).toBe(1)
    const closed = await recounted()
    expect(closed.kept).toEqual(closed.filled)
  })
})
