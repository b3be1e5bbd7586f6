import { randomBytes } from 'node:crypto'
import { createServicesApp } from '#services/app'
import { columnCipher } from '#services/platform/column-crypto'
import { loadConfig } from '#services/platform/config'
import { encryptedFileStore, loadKeyring } from '#services/platform/file-crypto'
import { localFileStore } from '#services/platform/files'
import type { Platform } from '#services/platform/platform'
import { memoryRateLimiter } from '#services/platform/rate-limit'
import { seedContent, seedReferenceData } from '#services/platform/seed'
import { openTestDatabase, type EngineName } from './database'

export interface TestPlatform extends Platform {
  /** Moves the injected clock (tokens, codes and limits all read it). */
  advance(ms: number): void
  /** How many times a service said public content changed (platform.publicContentChanged). */
  publicChanges(): number
  destroy(): Promise<void>
}

export async function createTestPlatform(engine: EngineName, env: Record<string, string> = {}): Promise<TestPlatform> {
  const handle = await openTestDatabase(engine)
  let offset = 0
  let publicChanges = 0
  const now = () => new Date(Date.now() + offset)
  // No daily backup beside a test's folder (backup tests make theirs with a BACKUP_DIR of their own).
  const config = loadConfig({ DATA_DIR: handle.dataDir, NODE_ENV: 'test', BACKUP_DAILY: 'false', ...env })
  const platform: TestPlatform = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    keys: { jwt: randomBytes(32), cookie: randomBytes(32), codes: randomBytes(32) },
    limiter: memoryRateLimiter(() => now().getTime()),
    // Sealed as in production: every service test stores its files encrypted.
    files: encryptedFileStore(localFileStore(handle.dataDir), loadKeyring({ dataDir: handle.dataDir })),
    // RUTs and account numbers encrypted in their columns, under the same generated key.
    columns: columnCipher(loadKeyring({ dataDir: handle.dataDir })),
    now,
    publicUrl: 'http://localhost:3000',
    wakeOutbox: () => {},
    publicContentChanged: () => void publicChanges++,
    publicChanges: () => publicChanges,
    advance: (ms) => {
      offset += ms
    },
    destroy: () => handle.destroy(),
  }
  await seedReferenceData(platform)
  await seedContent(platform)
  return platform
}

/** The composed services app plus small helpers to call it like a client would. */
export function testClient(p: Platform) {
  const app = createServicesApp(p)
  async function call(
    method: string,
    path: string,
    opts: { json?: unknown; form?: FormData; headers?: Record<string, string>; body?: string } = {},
  ) {
    const headers = new Headers(opts.headers)
    let body: BodyInit | undefined
    if (opts.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(opts.json)
    } else if (opts.form) {
      body = opts.form
    } else if (opts.body !== undefined) {
      body = opts.body
    }
    const res = await app.request(path, { method, headers, body })
    const text = await res.text()
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = text
    }
    return { status: res.status, body: json, headers: res.headers }
  }
  return {
    app,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, { headers }),
    post: (path: string, json?: unknown, headers?: Record<string, string>) => call('POST', path, { json, headers }),
    put: (path: string, json?: unknown, headers?: Record<string, string>) => call('PUT', path, { json, headers }),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, { headers }),
    call,
  }
}

/** The outbox as tests read it. */
export async function outbox(p: Platform, to?: string) {
  let q = p.db.selectFrom('outbox').selectAll().orderBy('id')
  if (to) q = q.where('recipient', '=', to)
  return q.execute()
}

export function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text)
  if (!match) throw new Error(`no code in: ${text}`)
  return match[1]!
}
