import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Migrator, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, openTestDatabase } from '#services/testing/database'
import { migrateToLatest, openDatabase } from './connect'
import { migrations } from './migrations'
import { normaliseDriverPhones } from './migrations/0008_replies_and_phones'

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
      .values({
        role: 'User',
        email: 'a@b.cl',
        password_hash: 'x',
        firstname: 'A',
        lastname: 'B',
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 0,
        accepted_terms_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(row.id).toBeTypeOf('number')
    const count = await h.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(1)
  })

  it('enforces unique emails', async () => {
    const now = new Date().toISOString()
    const values = {
      role: 'User' as const,
      email: 'dup@b.cl',
      password_hash: 'x',
      firstname: 'A',
      lastname: 'B',
      rut: null,
      phone: null,
      address: null,
      about_me: null,
      img_profile: null,
      email_verified: 0,
      accepted_terms_at: null,
      created_at: now,
      updated_at: now,
    }
    await h.db.insertInto('users').values(values).execute()
    await expect(h.db.insertInto('users').values(values).execute()).rejects.toThrow()
  })
})

describe.runIf(engines.includes('postgres'))('migrations on postgres beside other schemas', () => {
  // Test suites share one PostgreSQL database, each in a schema of its own, and drop their
  // schema when done. Kysely's own introspection read every schema and failed ("schema … does
  // not exist") whenever another suite dropped its schema meanwhile.
  it('migrate while other schemas come and go', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    let churning = true
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const name = `t_churn_${process.pid}_${i}`
        await admin.query(
          `CREATE SCHEMA ${name}; CREATE TABLE ${name}.t (id serial primary key, a text, b text, c text)`,
        )
        await admin.query(`DROP SCHEMA ${name} CASCADE`)
      }
    })()
    try {
      for (let i = 0; i < 4; i++) {
        const h = await openTestDatabase('postgres', { fromScratch: true })
        await h.destroy()
      }
    } finally {
      churning = false
      await churn
      await admin.end()
    }
  }, 120_000)
})

describe.each(engines)('migration 0008 on %s: drivers phones stored one way', (engine) => {
  it('rewrites other spellings of a Chilean mobile as 569XXXXXXXX and leaves the rest', async () => {
    const h = await openTestDatabase(engine)
    try {
      const now = new Date().toISOString()
      const add = (email: string, phone: string | null, role: 'User' | 'business' = 'User') =>
        h.db
          .insertInto('users')
          .values({
            role,
            email,
            password_hash: 'x',
            firstname: 'A',
            lastname: 'B',
            rut: null,
            phone,
            address: null,
            about_me: null,
            img_profile: null,
            email_verified: 0,
            accepted_terms_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute()
      await add('local@b.cl', '987654321')
      await add('spaced@b.cl', '+56 9 7654 3219')
      await add('ok@b.cl', '56976543210')
      await add('odd@b.cl', '123456789')
      await add('none@b.cl', null)
      // The normal form of this one is taken already: it stays as it is.
      await add('taken@b.cl', '976543210')
      await add('company@b.cl', '912345670', 'business')
      expect(await normaliseDriverPhones(h.db)).toBe(2)
      const phones = Object.fromEntries(
        (await h.db.selectFrom('users').select(['email', 'phone']).execute()).map((r) => [r.email, r.phone]),
      )
      expect(phones).toEqual({
        'local@b.cl': '56987654321',
        'spaced@b.cl': '56976543219',
        'ok@b.cl': '56976543210',
        'odd@b.cl': '123456789',
        'none@b.cl': null,
        'taken@b.cl': '976543210',
        'company@b.cl': '912345670',
      })
    } finally {
      await h.destroy()
    }
  })
})

describe('migration 0010 on sqlite: the experience table rebuilt with a nullable end date', () => {
  const THIS = '0010_sessions_and_current_job'

  it('keeps every row, id, the AUTOINCREMENT counter and the index', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-0010-'))
    const handle = openDatabase({ sqlitePath: path.join(dir, 'fleeters.db') })
    try {
      const all = await migrations('sqlite')
      const earlier = Object.fromEntries(Object.entries(all).filter(([name]) => name < THIS))
      const { error } = await new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => earlier },
        allowUnorderedMigrations: true,
      }).migrateToLatest()
      expect(error).toBeUndefined()
      const now = new Date().toISOString()
      const user = await sql<{
        id: number
      }>`INSERT INTO users (role, email, password_hash, firstname, lastname, email_verified, created_at, updated_at)
        VALUES ('User', 'a@b.cl', 'x', 'A', 'B', 1, ${now}, ${now}) RETURNING id`.execute(handle.db)
      const userId = user.rows[0]!.id
      for (const title of ['Primero', 'Segundo', 'Tercero']) {
        await sql`INSERT INTO work_experience (user_id, job_title, company_name, type_employment, location,
            start_date, end_date, job_description, created_at, updated_at)
          VALUES (${userId}, ${title}, 'Andes', 'Jornada completa', 'Santiago', '2020-01-01', '2021-01-01', 'Reparto',
            ${now}, ${now})`.execute(handle.db)
      }
      await sql`DELETE FROM work_experience WHERE job_title = 'Tercero'`.execute(handle.db)
      const before = (await sql`SELECT * FROM work_experience ORDER BY id`.execute(handle.db)).rows

      await migrateToLatest(handle)

      expect((await sql`SELECT * FROM work_experience ORDER BY id`.execute(handle.db)).rows).toEqual(before)
      const added = await handle.db
        .insertInto('work_experience')
        .values({
          user_id: userId,
          job_title: 'Actual',
          company_name: 'Andes',
          type_employment: 'Jornada completa',
          location: 'Santiago',
          start_date: '2024-01-01',
          end_date: null,
          job_description: 'Reparto',
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'end_date'])
        .executeTakeFirstOrThrow()
      // The deleted third row's id is not given again.
      expect(added).toEqual({ id: 4, end_date: null })
      const index = await sql<{
        name: string
      }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'work_experience'`.execute(handle.db)
      expect(index.rows.map((r) => r.name)).toContain('work_experience_user_idx')
      // Deleting the account still takes its experience along (the foreign key survived).
      await sql`DELETE FROM users WHERE id = ${userId}`.execute(handle.db)
      expect((await sql`SELECT count(*) AS n FROM work_experience`.execute(handle.db)).rows).toEqual([{ n: 0 }])
    } finally {
      await handle.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
