import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Starts the production server (`node build/server.js`, compiled by `react-router build`) on a
 * free port with its own data folder; tests read E2E_BASE_URL.
 */
export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..')
  const entry = path.join(process.env.BUILD_DIR ?? 'build', 'server.js')
  if (!fs.existsSync(path.resolve(root, entry)))
    throw new Error(`${entry} not found: run \`npx react-router build\` first`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-e2e-'))
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_DEMO: 'never',
      RATE_LIMIT_FACTOR: '1000',
      MAIL_WORKER_INTERVAL_MS: '200',
      // No daily archive of a test server's data (a run may last longer than the first check).
      BACKUP_DAILY: 'false',
      WHATSAPP_CONTACT_PHONE: '56912345678',
      DRIVER_SIGNUP_URL: '',
      DRIVER_LOGIN_URL: '',
      // A form value a service uses without checking it again is checked again here, and a
      // difference fails the request (services/platform/in-process.ts).
      CHECK_IN_PROCESS_BODIES: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 60 s')), 60_000)
    let out = ''
    let started = false
    child.stdout.on('data', (chunk: Buffer) => {
      if (started) {
        // The server logs one JSON line per request; only its errors are worth showing here.
        for (const line of chunk.toString().split('\n'))
          if (/"level":(50|60)/.test(line)) process.stderr.write(`[server] ${line}\n`)
        return
      }
      out += chunk.toString()
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out)
      if (m) {
        started = true
        clearTimeout(timer)
        resolve(m[1]!)
      }
    })
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk))
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)))
  })
  process.env.E2E_BASE_URL = url
  process.env.E2E_DATA_DIR = dataDir
  return async () => {
    // The server finishes its requests and its outbox worker, then exits; its data folder goes
    // only after that, so nothing is written into a folder being removed.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
