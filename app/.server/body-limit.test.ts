import { describe, expect, it } from 'vitest'
import { readUpload } from './body-limit'

const MB = 1024 * 1024

/** The head of a multipart body (boundary x) whose one file then goes on and on. */
const FILE_HEAD = new TextEncoder().encode(
  '--x\r\nContent-Disposition: form-data; name="soap_frontal"; ' +
    'filename="soap.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
)

/** A body of `total` bytes in 64 KB chunks (a file's head, then zeros) that records how much of it was read. */
function counted(total: number) {
  const read = { bytes: 0 }
  const chunk = new Uint8Array(64 * 1024)
  const first = new Uint8Array(64 * 1024)
  first.set(FILE_HEAD)
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.bytes >= total) return controller.close()
      controller.enqueue(read.bytes === 0 ? first : chunk)
      read.bytes += chunk.byteLength
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

describe('readUpload (uploads without JS, @remix-run/form-data-parser)', () => {
  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { body, read } = counted(20 * MB)
    expect(await readUpload(request(body, { 'content-length': String(20 * MB) }), { maxFileSize: 5 * MB })).toBe(
      'too-large',
    )
    // A ReadableStream pulls its first chunk by itself; nothing more is read.
    expect(read.bytes).toBeLessThanOrEqual(64 * 1024)
  })

  it('stops reading a streamed body as soon as it passes the limit', async () => {
    const { body, read } = counted(20 * MB)
    expect(await readUpload(request(body), { maxFileSize: 5 * MB })).toBe('too-large')
    // A few chunks past the limit at most (stream buffering), never the rest of the 20 MB.
    expect(read.bytes).toBeLessThan(5 * MB + MB)
  })

  it('parses a body within the limit', async () => {
    const form = new FormData()
    form.set('name', 'soap_frontal')
    form.set('soap_frontal', new File([new Uint8Array(1000)], 'soap.pdf', { type: 'application/pdf' }))
    const r = new Request('http://localhost/x', { method: 'POST', body: form })
    const parsed = await readUpload(r, { maxFileSize: 5 * MB })
    expect(parsed).toBeInstanceOf(FormData)
    expect(((parsed as FormData).get('soap_frontal') as File).size).toBe(1000)
  })

  it('refuses one file over its own limit, even when the whole body is within the total', async () => {
    const form = new FormData()
    form.set('image', new File([new Uint8Array(3 * MB + 1)], 'logo.png', { type: 'image/png' }))
    const r = new Request('http://localhost/x', { method: 'POST', body: form })
    expect(await readUpload(r, { maxFileSize: 3 * MB, maxTotalSize: 16 * MB })).toBe('too-large')
  })

  it('refuses more files than the form has, and a body that is not a form', async () => {
    const form = new FormData()
    for (const name of ['a', 'b', 'c'])
      form.append(name, new File([new Uint8Array(10)], `${name}.png`, { type: 'image/png' }))
    expect(
      await readUpload(new Request('http://localhost/x', { method: 'POST', body: form }), {
        maxFileSize: MB,
        maxFiles: 2,
      }),
    ).toBe('invalid')
    const broken = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'esto no es multipart',
    })
    expect(await readUpload(broken, { maxFileSize: MB })).toBe('invalid')
  })

  it('reads the same page’s urlencoded forms too, within the total', async () => {
    const r = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=move&item=3',
    })
    const parsed = await readUpload(r, { maxFileSize: MB })
    expect(Object.fromEntries((parsed as FormData).entries())).toEqual({ intent: 'move', item: '3' })
    const big = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=${'a'.repeat(2 * MB)}`,
    })
    expect(await readUpload(big, { maxFileSize: MB })).toBe('too-large')
  })
})
