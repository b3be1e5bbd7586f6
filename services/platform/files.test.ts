import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { localFileStore, type FileStore } from './files'
import { createFileStore } from './platform'

/** The storage suite: every driver behaves the same (S3 against the run's s3rver). */
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-files-'))
  dirs.push(dir)
  return dir
}

const s3Env = () => ({
  DATA_DIR: tempDir(),
  S3_BUCKET: process.env.TEST_S3_BUCKET!,
  S3_ENDPOINT: process.env.TEST_S3_ENDPOINT!,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  DATA_ENCRYPTION_KEY: 'test-data-encryption-key-0123456789',
})

const drivers: [string, () => Promise<FileStore>][] = [
  ['local', async () => localFileStore(tempDir())],
  ['s3', async () => createFileStore(loadConfig(s3Env()))],
]

describe.each(drivers)('file store: %s', (kind, open) => {
  it('is the driver the configuration asks for', async () => {
    expect((await open()).kind).toBe(kind)
  })

  it('stores bytes under a new random key and gives the same bytes back', async () => {
    const store = await open()
    const bytes = new Uint8Array(5 * 1024 * 1024).map((_, i) => (i * 31) % 251)
    const key = await store.put('documents', bytes, 'pdf')
    expect(key).toMatch(/^documents\/[A-Za-z0-9_-]{24}\.pdf$/)
    const again = await store.put('documents', bytes, 'pdf')
    expect(again).not.toBe(key)
    const read = await store.get(key)
    expect(read?.byteLength).toBe(bytes.byteLength)
    expect(Buffer.from(read!).equals(Buffer.from(bytes))).toBe(true)
  })

  it('answers null for a missing or malformed key, and removes files', async () => {
    const store = await open()
    const key = await store.put('profile-images', new Uint8Array([1, 2, 3]), 'jpg')
    await store.remove(key)
    expect(await store.get(key)).toBeNull()
    expect(await store.get('documents/AAAAAAAAAAAAAAAAAAAAAAAA.pdf')).toBeNull()
    expect(await store.get('../../etc/passwd')).toBeNull()
    await expect(store.remove('../x')).rejects.toThrow('invalid file key')
  })

  it('is reachable (readiness)', async () => {
    await expect((await open()).ping()).resolves.toBeUndefined()
  })
})

describe('s3 store outages', () => {
  it('a store that cannot be reached fails ping and reads loudly instead of answering "no file"', async () => {
    const store = await createFileStore(loadConfig({ ...s3Env(), S3_ENDPOINT: 'http://127.0.0.1:9' }))
    await expect(store.ping()).rejects.toThrow()
    await expect(store.get('documents/AAAAAAAAAAAAAAAAAAAAAAAA.pdf')).rejects.toThrow()
  })

  it('a missing bucket fails ping', async () => {
    const store = await createFileStore(loadConfig({ ...s3Env(), S3_BUCKET: 'no-such-bucket' }))
    await expect(store.ping()).rejects.toThrow()
  })
})

describe('configuration', () => {
  it('keeps files on the local disk unless S3_BUCKET is set', async () => {
    expect((await createFileStore(loadConfig({ DATA_DIR: tempDir() }))).kind).toBe('local')
  })
})

describe('a store outage seen by a caller', () => {
  it('is a 503 with the Spanish message and Retry-After, not a 500 or "no such file"', async () => {
    const { Hono } = await import('hono')
    const { errorResponse } = await import('./http')
    const store = await createFileStore(loadConfig({ ...s3Env(), S3_ENDPOINT: 'http://127.0.0.1:9' }))
    const app = new Hono()
    app.onError(errorResponse)
    app.get('/file', async (c) =>
      c.json({ found: (await store.get('documents/AAAAAAAAAAAAAAAAAAAAAAAA.pdf')) !== null }),
    )
    const res = await app.request('/file')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.json()).toEqual({
      message: 'El servicio no está disponible en este momento. Intenta nuevamente en unos segundos.',
    })
  })
})
