import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BROTLI_PARAMS, preferredEncoding } from './compression'

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeNull()
    expect(preferredEncoding(null)).toBeNull()
  })
})

describe('BROTLI_PARAMS', () => {
  // A page of cards like the driver's postings, longer than the 128 KB window (decision 126).
  const card = (i: number) =>
    '<li class="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">' +
    `<a href="/user/dashboard/job-postings/${i}">` +
    `<h3 class="text-base font-semibold text-slate-900">Reparto en moto ${i}</h3><p class="text-sm text-slate-600">` +
    `Comuna ${i % 52}, $${(i * 7919) % 900_000} por día</p></a></li>`
  const cards = Array.from({ length: 1500 }, (_, i) => card(i)).join('')
  const page = Buffer.from(`<!DOCTYPE html><html lang="es-CL"><body><ul>${cards}</ul></body></html>`)

  it('gives back the document whole, past its window', () => {
    expect(page.byteLength).toBeGreaterThan(128 * 1024)
    const compressed = zlib.brotliCompressSync(page, { params: BROTLI_PARAMS })
    expect(zlib.brotliDecompressSync(compressed).equals(page)).toBe(true)
  })

  it('costs no more than 2 % of bytes against brotli’s default 4 MB window', () => {
    const params = { ...BROTLI_PARAMS }
    delete params[zlib.constants.BROTLI_PARAM_LGWIN]
    const withDefault = zlib.brotliCompressSync(page, { params }).byteLength
    const withOurs = zlib.brotliCompressSync(page, { params: BROTLI_PARAMS }).byteLength
    expect(withOurs).toBeLessThanOrEqual(withDefault * 1.02)
  })
})
