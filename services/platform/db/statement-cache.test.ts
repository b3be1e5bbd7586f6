import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withStatementCache } from './connect'

interface Db {
  items: { id: Generated<number>; name: string }
}

function open() {
  const sqlite = new SQLite(':memory:')
  const prepare = vi.spyOn(sqlite, 'prepare')
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { sqlite, prepare, db }
}

let current: ReturnType<typeof open> | undefined
afterEach(async () => {
  await current?.db.destroy()
  current = undefined
})

describe('SQLite statements are prepared once per SQL text', () => {
  it('the same query asked again reuses its statement, with its own parameters each time', async () => {
    current = open()
    const { db, prepare } = current
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    for (const name of ['uno', 'dos', 'tres']) await db.insertInto('items').values({ name }).execute()
    prepare.mockClear()
    const names: string[] = []
    for (const id of [1, 2, 3])
      names.push((await db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name)
    expect(names).toEqual(['uno', 'dos', 'tres'])
    expect(prepare).toHaveBeenCalledTimes(1)
  })

  it('a statement still being iterated is not handed out again: the same SQL meanwhile gets its own', () => {
    const sqlite = new SQLite(':memory:')
    const database = withStatementCache(sqlite)
    try {
      sqlite.exec(
        'create table items (id integer primary key, name text not null); insert into ' +
          "items (name) values ('uno'), ('dos'), ('tres')",
      )
      const text = 'select id from items order by id'
      const first = database.prepare(text)
      const seen: Array<[number, number]> = []
      for (const row of first.iterate([]) as Iterable<{ id: number }>) {
        const meanwhile = database.prepare(text)
        expect(meanwhile).not.toBe(first)
        seen.push([row.id, meanwhile.all([]).length])
      }
      expect(seen).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ])
      expect(database.prepare(text)).toBe(first)
    } finally {
      database.close()
    }
  })

  it('a kept statement follows a schema change (a migration adding a column)', async () => {
    current = open()
    const { db } = current
    await sql`create table items (id integer primary key, name text not null)`.execute(db)
    await db.insertInto('items').values({ name: 'uno' }).execute()
    const all = () => sql<Record<string, unknown>>`select * from items`.execute(db)
    expect((await all()).rows).toEqual([{ id: 1, name: 'uno' }])
    await sql`alter table items add column city text not null default 'Santiago'`.execute(db)
    expect((await all()).rows).toEqual([{ id: 1, name: 'uno', city: 'Santiago' }])
  })
})
