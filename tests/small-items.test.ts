import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { DOCUMENT_MESSAGES } from '#services/users/driver-area/document-operations'
import { createWorld, type World } from './api-world'

/** The smaller items, each as the attack that found it. */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body) >>> 0)
  return Buffer.concat([length, body, crc])
}

/** A few hundred bytes that claim to be a 20000 × 20000 PNG (400 megapixels). */
function hugePng(): Uint8Array {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(20_000, 0)
  ihdr.writeUInt32BE(20_000, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const row = Buffer.alloc(20_001)
  const idat = zlib.deflateSync(Buffer.concat(Array.from({ length: 4 }, () => row)))
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

const upload = (w: World, slot: string, bytes: Uint8Array, name: string) => {
  const form = new FormData()
  form.set(slot, new File([bytes as Uint8Array<ArrayBuffer>], name))
  return w.api.call('POST', '/users/upload-files-user', { form, headers: w.driver.headers })
}

describe.each(engines)('small items on %s', (engine) => {
  let w: World
  beforeAll(async () => {
    w = await createWorld(engine)
  }, 60_000)
  afterAll(async () => w?.p.destroy())

  it('accepts only canonical decimal ids (0x13, " 19", 019 and 1e1 are not ids)', async () => {
    const id = w.ids.bank
    const get = (raw: string) => w.api.get(`/users/bank-details/get-bank-details-for-update/${raw}`, w.driver.headers)
    expect((await get(String(id))).status).toBe(200)
    for (const raw of [
      `0x${id.toString(16)}`,
      `%20${id}`,
      `0${id}`,
      `${id}.0`,
      `+${id}`,
      '2147483648',
      '99999999999999999999',
    ]) {
      expect([raw, (await get(raw)).status]).toEqual([raw, 404])
    }
  })

  it('refuses a testimonial logo from another site; accepts the product’s own logos', async () => {
    const body = { name: 'Ana', job_title: 'Jefa', name_business: 'Andes', comment: 'Muy bueno.' }
    for (const logo of [
      '//evil.example/x.svg',
      'https://evil.example/x.svg',
      'http://localhost/x.svg',
      'javascript:alert(1)',
      '/images/../../x.svg',
      '/api/users/files/1',
    ]) {
      const res = await w.api.post('/admin/content/testimonials', { ...body, logo_business: logo }, w.admin.headers)
      expect([logo, res.status]).toEqual([logo, 400])
    }
    expect(
      (
        await w.api.post(
          '/admin/content/testimonials',
          { ...body, logo_business: '/images/partners/andes.svg' },
          w.admin.headers,
        )
      ).status,
    ).toBe(201)
    expect(
      (
        await w.api.post(
          '/admin/content/testimonials',
          { ...body, logo_business: '/api/business/logos/AbCdEfGhIjKlMnOpQrStUvWx.webp' },
          w.admin.headers,
        )
      ).status,
    ).toBe(201)
    expect(
      (await w.api.post('/admin/content/testimonials', { ...body, logo_business: '' }, w.admin.headers)).status,
    ).toBe(201)
  })

  it('marks authenticated API answers Cache-Control: no-store (public content keeps its max-age)', async () => {
    for (const [path, headers] of [
      ['/users/get-extra-data-user', w.driver.headers],
      ['/business/job-postings', w.company.headers],
      ['/admin/documents', w.admin.headers],
      ['/users/get-extra-data-user', { 'auth-user': 'forged' }],
    ] as const) {
      const res = await w.api.get(path, headers)
      expect([path, res.headers.get('cache-control')]).toEqual([path, 'private, no-store'])
    }
    expect((await w.api.get('/general-data/get-jobpostings-home')).headers.get('cache-control')).toMatch(
      /public, max-age=\d+/,
    )
  })

  it('refuses a 400-megapixel PNG document and re-encodes the images it keeps', async () => {
    const bomb = await upload(w, 'vehiculo_frontal', hugePng(), 'auto.png')
    expect([bomb.status, bomb.body.message]).toEqual([400, DOCUMENT_MESSAGES.imageTooManyPixels])
    // A real image is decoded and written anew: its metadata (here a text chunk) is gone.
    const original = Buffer.from(w.png)
    const tagged = Buffer.concat([
      original.subarray(0, 33),
      chunk('tEXt', Buffer.from('Comment\0secreto-del-conductor')),
      original.subarray(33),
    ])
    const ok = await upload(w, 'vehiculo_posterior', new Uint8Array(tagged), 'auto.png')
    expect(ok.status).toBe(201)
    const stored = await w.api.app.request(ok.body.files[0].url_file, { headers: w.driver.headers })
    const bytes = Buffer.from(await stored.arrayBuffer())
    expect(bytes.subarray(0, 8)).toEqual(original.subarray(0, 8))
    expect(bytes.includes('secreto-del-conductor')).toBe(false)
  })

  it('serves stored PDFs with Content-Security-Policy: sandbox, to the driver and to the console', async () => {
    const own = await w.api.app.request(`/users/files/${w.ids.file}`, { headers: w.driver.headers })
    expect([own.status, own.headers.get('content-type'), own.headers.get('content-security-policy')]).toEqual([
      200,
      'application/pdf',
      'sandbox',
    ])
    const review = await w.api.app.request(`/admin/documents/${w.ids.file}/file`, { headers: w.admin.headers })
    expect([review.status, review.headers.get('content-security-policy')]).toEqual([200, 'sandbox'])
  })
})
