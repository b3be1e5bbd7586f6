import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DOCUMENT_SLOT_KEYS } from '#domain/reference-data/documents'
import { QUEUE_COUNT_CAP } from '#domain/review-queue'
import { NAME_PIECE_LENGTH } from '#services/platform/db/migrations/0037_queue_name_index'
import { fillQueueNames } from '#services/platform/db/migrations/0042_queue_name_pairs'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { runAccountClosure } from '#services/users/account-closure'
import { userWithSession } from '#services/users/driver-area/test-helpers'

/**
 * The review queue's filter by a driver's name or email reads the name index (migration 0037,
 * decision 109) and finds what it found when it checked every pending row: the records whose
 * driver's name or email, lowered by the engine, holds the term lowered — accents as written, the
 * term's % _ \ as characters. Triggers keep the index as the queue, the names and the accounts change.
 */
describe.each(engines)("the queue's filter by a driver's name on %s", (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let admin: Record<string, string>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    admin = (await userWithSession(p, 'admin')).headers
  })
  afterEach(async () => p.destroy())

  const driver = async (firstname: string, lastname: string, email: string) => {
    const at = p.now().toISOString()
    const row = await p.db
      .insertInto('users')
      .values({
        role: 'User',
        email,
        password_hash: 'x',
        firstname,
        lastname,
        email_verified: 1,
        accepted_terms_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  /** A record waiting for review, as an upload writes it (the triggers put it in the queue). */
  const pending = async (userId: number, slot: string) => {
    p.advance(60_000)
    const row = await p.db
      .insertInto('user_files')
      .values({
        user_id: userId,
        purpose_name: slot,
        file_status: 'PENDING',
        storage_key: `k-${userId}-${slot}-${p.now().getTime()}`,
        mime_type: 'image/png',
        size_bytes: 10,
        original_name: 'foto.png',
        created_at: p.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }
  const queue = async (term: string) => {
    const res = await api.get(`/admin/documents?driver=${encodeURIComponent(term)}`, admin)
    expect(res.status).toBe(200)
    const ids = res.body.documents.map((d: { id: number }) => d.id) as number[]
    return { ids, total: res.body.total as number, counts: res.body.counts }
  }
  /** The filter as a check of every pending row: a substring of the lowered name or email. */
  const everyRow = async (term: string) => {
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
    const rows = await p.db
      .selectFrom('user_files as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select('f.id')
      .where(sql<boolean>`f.queued = 1`)
      .where((eb) =>
        eb.or([
          sql<boolean>`lower(u.firstname || ' ' || u.lastname) like ${pattern} escape '\\'`,
          sql<boolean>`lower(u.email) like ${pattern} escape '\\'`,
        ]),
      )
      .orderBy('f.created_at')
      .orderBy('f.id')
      .execute()
    return rows.map((r) => r.id)
  }
  const indexRows = async () =>
    (await p.db.selectFrom('queue_name_grams').selectAll().orderBy('gram').orderBy('file_id').execute()).map(
      (r) => `${r.gram}|${r.created_at}|${r.file_id}`,
    )

  it('finds what a substring of the lowered name or email finds, for terms of every length', async () => {
    const jose = await driver('José', 'Pérez Ñuñez', 'jose.perez_1@correo.cl')
    const alvaro = await driver('ÁLVARO', 'SOTO', 'Alvaro.Soto@Mail.CL')
    const ana = await driver('Ana', 'Santana Banana', 'ana@ana.cl')
    const maria = await driver('María José', 'Fernández-Larraín de la Cruz', 'mj100%real@example.cl')
    const pedro = await driver('Pedro', "O'Higgins", 'p\\o@example.cl')
    await driver('Sin', 'Documentos', 'sin@example.cl')
    for (const [who, slots] of [
      [jose, ['soap_frontal', 'licencia_conducir_frontal']],
      [alvaro, ['soap_frontal']],
      [ana, ['soap_frontal', 'padron_vehiculo_frontal']],
      [maria, ['soap_frontal']],
      [pedro, ['soap_frontal']],
    ] as const)
      for (const slot of slots) await pending(who, slot)
    // An approved record is out of the queue: its driver's name finds nothing more of it.
    const decided = await pending(pedro, 'padron_vehiculo_frontal')
    await p.db.updateTable('user_files').set({ file_status: 'ACCEPTED' }).where('id', '=', decided).execute()

    const terms = [
      'a',
      'A',
      'é',
      'É',
      'ñ',
      'Ñ',
      'x',
      'na',
      'jo',
      'ñu',
      'Ñu',
      '_1',
      '%r',
      '\\o',
      "o'",
      'l.',
      'ía',
      'a@',
      'zq',
      'jos',
      'josé',
      'JOSÉ',
      'jose',
      'pérez',
      'perez',
      'z ñu',
      'álvaro',
      'ÁLVARO',
      'alvaro',
      'Álvaro Soto',
      'soto',
      'ana',
      'ana san',
      'santana banana',
      // A start many pieces share, the rest told apart on the piece (decision 118).
      'banano',
      'ana@ana.cl',
      'ana santana b',
      'ana santana bx',
      'antana',
      '@',
      '.cl',
      '_',
      '%',
      '\\',
      "'",
      'jose.perez_1',
      'jose.perez-1',
      '100%real',
      '100xreal',
      'p\\o@',
      'larraín de la cruz',
      'maría josé fernández',
      'maria jose',
      'fernández-larraín',
      'fernández-larraín de la cruz',
      'ía josé fernández-larraín de la',
      'de la c',
      "o'higgins",
      'pedro',
      'documentos',
      'mj100%real@example.cl',
      'alvaro.soto@mail.cl',
      'zzzzzzzzzzzzzzzz',
    ]
    let matched = 0
    for (const term of terms) {
      const expected = await everyRow(term)
      const found = await queue(term)
      expect(found.ids, term).toEqual(expected)
      expect(found.total, term).toBe(expected.length)
      expect(found.counts.late + found.counts.due_today + found.counts.on_time, term).toBe(expected.length)
      expect(found.ids, term).not.toContain(decided)
      if (expected.length) matched++
    }
    // Most terms find something, terms longer than the index's pieces among them.
    expect(matched).toBeGreaterThan(terms.length * 0.6)
    expect(terms.filter((t) => [...t].length > NAME_PIECE_LENGTH).length).toBeGreaterThan(3)
    expect((await queue('maría josé fernández')).ids).toHaveLength(1)
    expect((await queue('a')).ids.length).toBeGreaterThanOrEqual(5)
  })

  it('combines with the kind, and names the next record of the same filtered queue', async () => {
    const bruno = await driver('Bruno', 'Díaz', 'bruno@example.cl')
    const other = await driver('Camila', 'Rojas', 'camila@example.cl')
    const first = await pending(bruno, 'soap_frontal')
    await pending(other, 'soap_frontal')
    const second = await pending(bruno, 'padron_vehiculo_frontal')
    const third = await pending(bruno, 'licencia_conducir_frontal')
    expect((await queue('bruno')).ids).toEqual([first, second, third])
    const soap = await api.get('/admin/documents?driver=bruno&slot=padron_vehiculo_frontal', admin)
    expect(soap.body.documents.map((d: { id: number }) => d.id)).toEqual([second])
    expect(soap.body.total).toBe(1)
    const detail = await api.get(`/admin/documents/${first}?driver=bruno`, admin)
    expect(detail.body.next_id).toBe(second)
    const last = await api.get(`/admin/documents/${third}?driver=bruno`, admin)
    expect(last.body.next_id).toBe(first)
  })

  it('splits by the review clock as the queue does, with the filters on the record', async () => {
    const bruno = await driver('Bruno', 'Díaz', 'bruno@example.cl')
    const other = await driver('Bruna', 'Soto', 'bruna@example.cl')
    for (const slot of ['soap_frontal', 'padron_vehiculo_frontal']) {
      await pending(bruno, slot)
      await pending(other, slot)
    }
    p.advance(5 * 86_400_000) // those are late now
    admin = (await userWithSession(p, 'admin')).headers // the console session idled out
    await pending(bruno, 'licencia_conducir_frontal')
    await pending(other, 'licencia_conducir_frontal')
    const ids = async (query: string) => {
      const res = await api.get(`/admin/documents?${query}`, admin)
      expect(res.status, query).toBe(200)
      return res.body as { documents: Array<{ id: number; driver: { id: number } }>; total: number; counts: any }
    }
    for (const kind of ['', '&slot=soap_frontal', '&origin=first', '&alerts=flagged'])
      for (const [term, who] of [
        ['bruno', [bruno]],
        ['brun', [bruno, other]],
        ['b', [bruno, other]],
        ['br', [bruno, other]],
      ] as const) {
        const all = await ids(`driver=${term}${kind}`)
        for (const due of ['late', 'today', 'on_time'] as const) {
          const query = `driver=${term}${kind}&due=${due}`
          const page = await ids(query)
          // The same records as the queue without the driver filter, those of the drivers found.
          const queue = await ids(`due=${due}${kind}`)
          const expected = queue.documents.filter((d) => (who as readonly number[]).includes(d.driver.id))
          expect(
            page.documents.map((d) => d.id),
            query,
          ).toEqual(expected.map((d) => d.id))
          expect(page.counts, query).toEqual(all.counts)
          expect(page.total, query).toBe(all.counts[due === 'today' ? 'due_today' : due])
        }
        expect(all.counts.late, term + kind).toBe(
          kind === '&alerts=flagged' ? 0 : kind === '&slot=soap_frontal' ? who.length : 2 * who.length,
        )
      }
  })

  it('counts each part of the queue up to the cap, for terms of every length (decision 117)', async () => {
    // 48 drivers × 21 kinds: 1,008 records, all in one part of the clock, more than the cap.
    const at = p.now().toISOString()
    const users = await p.db
      .insertInto('users')
      .values(
        Array.from({ length: 48 }, (_, i) => ({
          role: 'User' as const,
          email: `ana.${i}@example.cl`,
          password_hash: 'x',
          firstname: 'Ana',
          lastname: `Tapia ${i}`,
          email_verified: 1,
          accepted_terms_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute()
    p.advance(60_000)
    const uploaded = p.now().toISOString()
    await p.db
      .insertInto('user_files')
      .values(
        users.flatMap(({ id }) =>
          DOCUMENT_SLOT_KEYS.slice(0, 21).map((slot) => ({
            user_id: id,
            purpose_name: slot,
            file_status: 'PENDING' as const,
            storage_key: `k-${id}-${slot}`,
            mime_type: 'image/png',
            size_bytes: 10,
            original_name: 'foto.png',
            created_at: uploaded,
          })),
        ),
      )
      .execute()
    const few = await driver('Zoe', 'Quiroga', 'zq@example.cl')
    const zoe = await pending(few, 'soap_frontal')
    const over = QUEUE_COUNT_CAP + 1
    for (const term of ['a', 'an', 'ana', 'tapia', 'ana.', 'example.cl']) {
      const found = await queue(term)
      expect(found.counts, term).toEqual({ late: 0, due_today: 0, on_time: over })
      expect(found.total, term).toBe(over)
      expect(found.ids, term).toHaveLength(50)
    }
    // The page is the oldest 50 whatever the count; a part under the cap is counted exactly.
    expect((await queue('a')).ids).toEqual((await queue('tapia')).ids)
    expect(await queue('zq')).toEqual({ ids: [zoe], total: 1, counts: { late: 0, due_today: 0, on_time: 1 } })
    const late = await api.get('/admin/documents?driver=an&due=late', admin)
    expect(late.body).toMatchObject({ documents: [], total: 0, counts: { late: 0, due_today: 0, on_time: over } })
    // Without a driver filter the counters are exact.
    expect((await api.get('/admin/documents', admin)).body.counts.on_time).toBe(48 * 21 + 1)
  })

  it('follows the queue, a new name or email, and an erased account', async () => {
    const bruno = await driver('Bruno', 'Díaz', 'bruno.diaz@example.cl')
    const first = await pending(bruno, 'soap_frontal')
    expect((await queue('bruno')).ids).toEqual([first])
    // A re-upload replaces the record in the queue and in the index.
    const again = await pending(bruno, 'soap_frontal')
    expect((await queue('bruno')).ids).toEqual([again])
    expect((await indexRows()).filter((r) => r.endsWith(`|${first}`))).toEqual([])
    // A decision takes it out.
    await p.db.updateTable('user_files').set({ file_status: 'REJECTED' }).where('id', '=', again).execute()
    expect((await queue('bruno')).ids).toEqual([])
    expect(await indexRows()).toEqual([])

    const third = await pending(bruno, 'padron_vehiculo_frontal')
    await p.db.updateTable('users').set({ firstname: 'Rodrigo' }).where('id', '=', bruno).execute()
    expect((await queue('bruno d')).ids).toEqual([])
    expect((await queue('rodrigo d')).ids).toEqual([third])
    expect((await queue('bruno.diaz')).ids).toEqual([third])
    await p.db.updateTable('users').set({ email: 'rodrigo@example.cl' }).where('id', '=', bruno).execute()
    expect((await queue('bruno')).ids).toEqual([])
    expect((await queue('rodrigo@')).ids).toEqual([third])
    // The triggers leave what the migration's fill would write.
    const kept = await indexRows()
    expect(kept.length).toBeGreaterThan(10)
    await fillQueueNames(p.db, p.dialect)
    expect(await indexRows()).toEqual(kept)

    // An erased account (decision 76): its records go, its name is overwritten, and nothing of it
    // is left in the index to find it by.
    await p.db.updateTable('users').set({ deletion_due_at: p.now().toISOString() }).where('id', '=', bruno).execute()
    expect((await runAccountClosure(p, p.now())).erased).toBe(1)
    for (const term of ['rodrigo', 'díaz', 'rodrigo@example.cl', 'r', 'd'])
      expect((await queue(term)).total, term).toBe(0)
    expect(await indexRows()).toEqual([])
  })
})
