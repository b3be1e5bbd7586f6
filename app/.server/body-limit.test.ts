import { describe, expect, it } from 'vitest'
import { readLimitedFormData } from './body-limit'

const MB = 1024 * 1024

/** A body of `total` bytes in 64 KB chunks that records how much of it was read. */
function counted(total: number) {
  const read = { bytes: 0 }
  const chunk = new Uint8Array(64 * 1024)
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= total) return controller.close()
      read.bytes += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  return { body, read }
}

const request = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  new Request('http://localhost/user/dashboard/home', {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=x', ...headers },
    body,
    duplex: 'half',
  } as RequestInit)

describe('readLimitedFormData (uploads without JS, issue 12 item 7)', () => {
  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { body, read } = counted(20 * MB)
    expect(await readLimitedFormData(request(body, { 'content-length': String(20 * MB) }), 5 * MB)).toBe('too-large')
    // A ReadableStream pulls its first chunk by itself; nothing more is read.
    expect(read.bytes).toBeLessThanOrEqual(64 * 1024)
  })

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const { body, read } = counted(20 * MB)
    expect(await readLimitedFormData(request(body), 5 * MB)).toBe('too-large')
    // A few chunks past the limit at most (stream buffering), never the rest of the 20 MB.
    expect(read.bytes).toBeLessThan(5 * MB + MB)
  })

  it('parses a body within the limit', async () => {
    const form = new FormData()
    form.set('name', 'soap_frontal')
    form.set('soap_frontal', new File([new Uint8Array(1000)], 'soap.pdf', { type: 'application/pdf' }))
    const r = new Request('http://localhost/x', { method: 'POST', body: form })
    const parsed = await readLimitedFormData(r, 5 * MB)
    expect(parsed).toBeInstanceOf(FormData)
    expect(((parsed as FormData).get('soap_frontal') as File).size).toBe(1000)
  })
})
