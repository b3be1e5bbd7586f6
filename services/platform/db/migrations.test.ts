import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, openTestDatabase } from '../../testing/database'

describe.each(engines)('migrations on %s', (engine) => {
  let h: Awaited<ReturnType<typeof openTestDatabase>>
  beforeAll(async () => {
    h = await openTestDatabase(engine)
  })
  afterAll(async () => h.destroy())

  it('creates every table and returns generated ids', async () => {
    const now = new Date().toISOString()
    const row = await h.db
      .insertInto('users')
      .values({ role: 'User', email: 'a@b.cl', password_hash: 'x', firstname: 'A', lastname: 'B', rut: null, phone: null, address: null, about_me: null, img_profile: null, email_verified: 0, accepted_terms_at: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(row.id).toBeTypeOf('number')
    const count = await h.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('enforces unique emails', async () => {
    const now = new Date().toISOString()
    const values = { role: 'User' as const, email: 'dup@b.cl', password_hash: 'x', firstname: 'A', lastname: 'B', rut: null, phone: null, address: null, about_me: null, img_profile: null, email_verified: 0, accepted_terms_at: null, created_at: now, updated_at: now }
    await h.db.insertInto('users').values(values).execute()
    await expect(h.db.insertInto('users').values(values).execute()).rejects.toThrow()
  })
})
