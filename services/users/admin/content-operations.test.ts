import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '#services/platform/http'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import {
  addItem,
  CONTENT_LISTS,
  deleteItem,
  FAQS,
  moveItem,
  readContent,
  STATISTICS,
  TESTIMONIALS,
  updateItem,
} from './content-operations'
import type { Actor } from './shared'

/** The command line's actor: the operations take whoever acts, not a request. */
const cli: Actor = { userId: null, actor: 'cli' }

/** The content operations called as a script would call them, without a route in between. */
describe.each(engines)('console content operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  const auditLog = async () =>
    (
      await p.db
        .selectFrom('admin_audit_log')
        .select(['actor', 'action', 'entity_type', 'entity_id', 'before_json', 'after_json'])
        .orderBy('id')
        .execute()
    ).map((r) => ({
      ...r,
      before_json: r.before_json === null ? null : JSON.parse(r.before_json),
      after_json: r.after_json === null ? null : JSON.parse(r.after_json),
    }))

  it('one table of lists: four paths, three written from JSON, the statistics neither added nor removed', () => {
    expect(CONTENT_LISTS.map((l) => [l.path, l.table, l.label, l.deletable, 'schema' in l])).toEqual([
      ['faqs', 'faqs', 'faq', true, true],
      ['testimonials', 'testimonials', 'testimonial', true, true],
      ['logos', 'partner_logos', 'logo', true, false],
      ['statistics', 'statistics', 'statistic', false, true],
    ])
    expect([FAQS.creatable, TESTIMONIALS.creatable, STATISTICS.creatable]).toEqual([true, true, false])
  })

  it('adds, edits, moves and deletes a FAQ entry, each audited with what it was and what it became', async () => {
    const before = (await readContent(p)).faqs
    const { id } = await addItem(p, cli, {
      list: FAQS,
      input: { question: '¿Cuándo me pagan?', answers: ['Cada semana.', 'Por transferencia.'] },
    })
    let faqs = (await readContent(p)).faqs
    expect(faqs.at(-1)).toEqual({
      id,
      question: '¿Cuándo me pagan?',
      answers: ['Cada semana.', 'Por transferencia.'],
      position: before.length + 1,
    })

    await updateItem(p, cli, { list: FAQS, id, input: { question: '¿Cuándo pagan?', answers: ['Los viernes.'] } })
    await moveItem(p, cli, { list: FAQS, id, direction: 'up' })
    faqs = (await readContent(p)).faqs
    expect(faqs.map((f) => f.position)).toEqual(faqs.map((_, i) => i + 1))
    expect(faqs.at(-2)).toMatchObject({ id, question: '¿Cuándo pagan?', answers: ['Los viernes.'] })

    await deleteItem(p, cli, { list: FAQS, id })
    expect((await readContent(p)).faqs.map((f) => f.id)).not.toContain(id)

    const log = await auditLog()
    expect(log.map((r) => [r.actor, r.action, r.entity_type, r.entity_id])).toEqual([
      ['cli', 'faq.create', 'faq', id],
      ['cli', 'faq.update', 'faq', id],
      ['cli', 'faq.move', 'faq', id],
      ['cli', 'faq.delete', 'faq', id],
    ])
    expect(log[1]!.before_json).toEqual({
      question: '¿Cuándo me pagan?',
      answers: ['Cada semana.', 'Por transferencia.'],
    })
    expect(log[1]!.after_json).toEqual({ question: '¿Cuándo pagan?', answers: ['Los viernes.'] })
    expect([log[2]!.before_json, log[2]!.after_json]).toEqual([
      { position: before.length + 1 },
      { position: before.length },
    ])
    expect(log[3]!.before_json).toMatchObject({ id, question: '¿Cuándo pagan?' })
  })

  it('writes a testimonial without a logo as null and a statistic with its source', async () => {
    const { id } = await addItem(p, cli, {
      list: TESTIMONIALS,
      input: {
        name: 'Rosa',
        job_title: 'Conductora',
        name_business: 'Fleeters',
        comment: 'Muy buena.',
        logo_business: '',
      },
    })
    expect((await readContent(p)).testimonials.find((t) => t.id === id)).toMatchObject({ logo_business: null })

    const [first] = (await readContent(p)).statistics
    const input = {
      title: 'Conductores',
      value: '1.200',
      description: 'Validados.',
      source: 'validated_drivers' as const,
    }
    await updateItem(p, cli, { list: STATISTICS, id: first!.id, input })
    expect((await readContent(p)).statistics[0]).toMatchObject({ id: first!.id, ...input })
    const log = await auditLog()
    expect(log.map((r) => r.action)).toEqual(['testimonial.create', 'statistic.update'])
    expect(log[1]!.before_json).toMatchObject({ id: first!.id, title: first!.title, source: first!.source })
  })

  it('answers 404 for an item that is not there, and writes nothing', async () => {
    const missing = 999_999
    const input = { question: '¿Existe?', answers: ['No.'] }
    for (const call of [
      () => updateItem(p, cli, { list: FAQS, id: missing, input }),
      () => moveItem(p, cli, { list: TESTIMONIALS, id: missing, direction: 'down' }),
      () => deleteItem(p, cli, { list: FAQS, id: missing }),
    ])
      await expect(call()).rejects.toMatchObject({ status: 404, messages: MESSAGES.notFound })
    expect(await auditLog()).toEqual([])
  })
})
