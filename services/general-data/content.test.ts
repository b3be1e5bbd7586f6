import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPayment } from '#domain/format'
import { seedDemo } from '#services/platform/seed/demo'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { HOME_POSTINGS_LIMIT } from './content-operations'

describe.each(engines)('general-data content on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  beforeAll(async () => {
    p = await createTestPlatform(engine)
    await seedDemo(p)
    api = testClient(p)
  })
  afterAll(async () => p.destroy())

  it('lists the FAQ with answers as paragraphs, optionally the first n', async () => {
    const all = await api.get('/general-data/get-faqs')
    expect(all.status).toBe(200)
    expect(all.body.length).toBeGreaterThan(5)
    expect(all.body[0]).toEqual({
      id: expect.any(Number),
      question: '¿Qué es Fleeters?',
      answers: expect.arrayContaining([expect.stringContaining('plataforma')]),
    })
    const five = await api.get('/general-data/get-faqs?limit=5')
    expect(five.body).toHaveLength(5)
    expect(five.body.map((f: { id: number }) => f.id)).toEqual(all.body.slice(0, 5).map((f: { id: number }) => f.id))
    for (const bad of ['0', '101', 'abc', '-1']) {
      const res = await api.get(`/general-data/get-faqs?limit=${bad}`)
      expect(res.status).toBe(400)
      expect(typeof res.body.message).toBe('string')
    }
  })

  it('lists statistics, testimonials and partner logos in order', async () => {
    const stats = await api.get('/general-data/get-statistics')
    expect(stats.body.map((s: { value: string }) => s.value)).toEqual(['200000', '839', '0.4%', '98%'])
    expect(stats.body[0]).toMatchObject({ key: 'orders', title: expect.any(String), description: expect.any(String) })
    const testimonials = await api.get('/general-data/get-testimonials')
    expect(testimonials.body[0]).toEqual({
      id: expect.any(Number),
      job_title: 'Jefa de operaciones',
      name_business: 'Despachos Andes',
      name: 'Carolina Muñoz',
      comment: expect.any(String),
      logo_business: '/images/partners/andes.svg',
    })
    const logos = await api.get('/general-data/get-company-logos')
    expect(logos.body).toHaveLength(6)
    expect(logos.body[0]).toEqual({
      id: expect.any(Number),
      img_logo: '/images/partners/andes.svg',
      name: 'Despachos Andes',
    })
  })

  it('lists the newest open postings for the home page with every field of spec §3', async () => {
    const res = await api.get('/general-data/get-jobpostings-home')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(HOME_POSTINGS_LIMIT)
    const first = res.body[0]
    expect(first).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      logo: expect.stringMatching(/^\/images\/companies\/.+\.svg$/),
      company_name: expect.any(String),
      name_zone: 'Zona Centro',
      name_region: 'Metropolitana de Santiago',
      name_commune: expect.any(String),
      name_vehicle: expect.any(String),
      time: expect.stringMatching(/^(AM \(mañanas\)|PM \(tardes\)|Cualquier horario)$/),
      pawn: expect.stringMatching(/^(Si|No)$/),
      payment: expect.stringMatching(/^\$\d{1,3}(\.\d{3})* (por día|por ruta|mensual)$/),
      payment_amount: expect.any(Number),
      payment_period: expect.stringMatching(/^(por día|por ruta|mensual)$/),
      created_at: expect.any(String),
    })
    const dates = res.body.map((r: { created_at: string }) => r.created_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    const closed = await p.db.selectFrom('job_postings').select('id').where('status', '=', 'closed').execute()
    expect(closed.length).toBeGreaterThan(0)
    for (const c of closed) expect(res.body.map((r: { id: number }) => r.id)).not.toContain(c.id)
  })

  it('formats payments as CLP', () => {
    expect(formatPayment(45000, 'por día')).toBe('$45.000 por día')
    expect(formatPayment(1250000, 'mensual')).toBe('$1.250.000 mensual')
    expect(formatPayment(900, '')).toBe('$900')
  })

  it('answers an empty list when there is nothing to show', async () => {
    const empty = await createTestPlatform(engine)
    try {
      const res = await testClient(empty).get('/general-data/get-jobpostings-home')
      expect(res.status).toBe(200)
      expect(res.body).toEqual([])
    } finally {
      await empty.destroy()
    }
  })

  it('is rate limited per client', async () => {
    const limited = await createTestPlatform(engine)
    try {
      const client = testClient(limited)
      const headers = { 'x-fleeters-client-ip': '203.0.113.9' }
      let status = 0
      for (let i = 0; i < 301; i++) status = (await client.get('/general-data/get-jobpostings-home', headers)).status
      expect(status).toBe(429)
      const res = await client.get('/general-data/get-faqs', headers)
      expect(res.status).toBe(429)
      expect(res.body.message).toBe('Demasiadas solicitudes. Intenta nuevamente en unos minutos.')
      // Another client is not affected.
      expect(
        (await client.get('/general-data/get-jobpostings-home', { 'x-fleeters-client-ip': '203.0.113.10' })).status,
      ).toBe(200)
    } finally {
      await limited.destroy()
    }
  })
})
