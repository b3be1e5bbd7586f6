import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { startServer } from './server-process'

/** Permission bits of a file or folder, as `0o600` reads. */
const mode = (file: string) => fs.statSync(file).mode & 0o777

async function eventually<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

describe('what the server writes under DATA_DIR is readable by its own user only', () => {
  it(
    'a new DATA_DIR, the database, the secret, the uploads folder and the mail ' + 'outbox: folders 0700, files 0600',
    async () => {
      const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-modes-'))
      const dataDir = path.join(parent, 'data')
      const server = await startServer({ DATA_DIR: dataDir, MAIL_WORKER_INTERVAL_MS: '200' }, { dataDir: parent })
      try {
        const res = await fetch(`${server.url}/api/contact/send-email-contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Ana',
            lastName: 'Rojas',
            email: 'ana@example.cl',
            phone: '+56 9 8765 4321',
            message: 'Hola, quiero saber más.',
          }),
        })
        expect(res.status).toBe(201)
        const mailDir = path.join(dataDir, 'mail')
        const mail = await eventually(() =>
          fs.existsSync(mailDir) ? fs.readdirSync(mailDir).find((f) => f.endsWith('.eml')) : undefined,
        )

        expect(mode(dataDir).toString(8)).toBe('700')
        for (const file of ['fleeters.db', 'fleeters.db-wal', 'fleeters.db-shm', '.session-secret']) {
          expect({ file, mode: mode(path.join(dataDir, file)).toString(8) }).toEqual({ file, mode: '600' })
        }
        expect(mode(mailDir).toString(8)).toBe('700')
        // The uploads folder is made by the readiness check of the file store.
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
        expect(mode(path.join(dataDir, 'uploads')).toString(8)).toBe('700')
        expect(mode(path.join(mailDir, mail)).toString(8)).toBe('600')
      } finally {
        await server.stop()
        fs.rmSync(parent, { recursive: true, force: true })
      }
    },
    60_000,
  )

  it('a DATA_DIR an older version left open to others is closed at start', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-modes-'))
    const dataDir = path.join(parent, 'data')
    fs.mkdirSync(dataDir, { mode: 0o755 })
    fs.chmodSync(dataDir, 0o755)
    const server = await startServer({ DATA_DIR: dataDir }, { dataDir: parent })
    try {
      expect(mode(dataDir).toString(8)).toBe('700')
    } finally {
      await server.stop()
      fs.rmSync(parent, { recursive: true, force: true })
    }
  }, 60_000)
})
