import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatPayment } from '#domain/format'
import { companyAccount, insertPostings } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import {
  HOME_POSTINGS_LIMIT,
  listFaqs,
  listHomePostings,
  listPartnerLogos,
  listStatistics,
  listTestimonials,
} from './content-operations'

/** The home page's content operations called as a script would call them, without a route in between. */
describe.each(engines)('general-data content operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    for (const table of ['faqs', 'statistics', 'testimonials', 'partner_logos'] as const)
      await p.db.deleteFrom(table).execute()
  })
  afterEach(async () => p.destroy())

  it('lists the FAQ by position, then id, answers as paragraphs; the first n, or 400 for a bad limit', async () => {
    await p.db
      .insertInto('faqs')
      .values([
        { question: '¿Cuándo me pagan?', answers: JSON.stringify(['Cada semana.', 'Por transferencia.']), position: 2 },
        { question: '¿Qué es Fleeters?', answers: 'Escrita a mano, sin JSON.', position: 1 },
        { question: '¿Cuánto cuesta?', answers: JSON.stringify(['Nada.', 3]), position: 2 },
      ])
      .execute()
    const all = await listFaqs(p, {})
    expect(all.map(({ question, answers }) => ({ question, answers }))).toEqual([
      { question: '¿Qué es Fleeters?', answers: ['Escrita a mano, sin JSON.'] },
      { question: '¿Cuándo me pagan?', answers: ['Cada semana.', 'Por transferencia.'] },
      { question: '¿Cuánto cuesta?', answers: ['Nada.'] },
    ])
    expect(await listFaqs(p, { limit: '2' })).toEqual(all.slice(0, 2))
    for (const limit of ['0', '101', '1e1', ' 5'])
      await expect(listFaqs(p, { limit })).rejects.toMatchObject({
        status: 400,
        messages: 'El parámetro limit debe ser un número entre 1 y 100.',
      })
  })

  it('shows a typed statistic as typed, and the validated drivers one as their live count', async () => {
    await p.db
      .insertInto('statistics')
      .values([
        { key: 'drivers', title: 'Conductores', value: '9999', description: 'validados', position: 2 },
        { key: 'orders', title: 'Pedidos', value: '200000', description: 'al mes', position: 1 },
      ])
      .execute()
    expect((await listStatistics(p)).map((s) => [s.key, s.value])).toEqual([
      ['orders', '200000'],
      ['drivers', '9999'],
    ])
    await p.db.updateTable('statistics').set({ source: 'validated_drivers' }).where('key', '=', 'drivers').execute()
    const stats = await listStatistics(p)
    expect(stats.map((s) => [s.key, s.value])).toEqual([
      ['orders', '200000'],
      ['drivers', '0'],
    ])
    expect(stats[1]).not.toHaveProperty('source')
  })

  it('lists testimonials and partner logos by position, then id', async () => {
    await p.db
      .insertInto('testimonials')
      .values([
        { name: 'B', job_title: 'Jefa', name_business: 'Sur', comment: 'Bien.', logo_business: null, position: 1 },
        {
          name: 'A',
          job_title: 'Jefe',
          name_business: 'Norte',
          comment: 'Rápido.',
          logo_business: '/a.svg',
          position: 0,
        },
      ])
      .execute()
    await p.db
      .insertInto('partner_logos')
      .values([
        { name: 'Uno', img_logo: '/uno.webp', position: 1 },
        { name: 'Dos', img_logo: '/dos.webp', position: 1 },
        { name: 'Tres', img_logo: '/tres.webp', position: 0 },
      ])
      .execute()
    expect(await listTestimonials(p)).toEqual([
      expect.objectContaining({ name: 'A', job_title: 'Jefe', name_business: 'Norte', logo_business: '/a.svg' }),
      expect.objectContaining({ name: 'B', comment: 'Bien.', logo_business: null }),
    ])
    expect((await listPartnerLogos(p)).map((l) => [l.name, l.img_logo])).toEqual([
      ['Tres', '/tres.webp'],
      ['Uno', '/uno.webp'],
      ['Dos', '/dos.webp'],
    ])
  })

  it('lists the latest open postings, newest first, at most HOME_POSTINGS_LIMIT, places and pay named', async () => {
    const company = await companyAccount(p)
    const open = Array.from({ length: HOME_POSTINGS_LIMIT + 1 }, (_, i) => ({ title: `Ruta ${i}` }))
    const ids = await insertPostings(p, company.companyId, [
      ...open,
      { title: 'Borrador', status: 'draft' },
      { title: 'Cerrada', status: 'closed' },
    ])
    const postings = await listHomePostings(p)
    // insertPostings dates each row a minute after the one before: the last open ones are the newest.
    expect(postings.map((r) => r.id)).toEqual(ids.slice(1, HOME_POSTINGS_LIMIT + 1).reverse())
    expect(postings[0]).toEqual({
      id: ids[HOME_POSTINGS_LIMIT],
      title: `Ruta ${HOME_POSTINGS_LIMIT}`,
      logo: null,
      company_name: 'Transportes Andes SpA',
      name_zone: 'Zona Centro',
      name_region: expect.stringContaining('Metropolitana'),
      name_commune: 'Santiago Centro',
      name_vehicle: 'Furgón',
      time: 'AM (mañanas)',
      pawn: 'No',
      payment: formatPayment(45000, 'por día'),
      payment_amount: 45000,
      payment_period: 'por día',
      created_at: expect.any(String),
    })
  })
})
