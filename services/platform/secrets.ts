import { createHmac, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface Keys {
  /** HS256 key for session and purpose tokens. */
  jwt: Uint8Array
  /** 32-byte key for the web cookie (JWE dir + A256GCM). */
  cookie: Uint8Array
  /** HMAC key for one-time codes stored hashed. */
  codes: Uint8Array
}

function derive(master: Buffer, purpose: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', master).update(`fleeters:${purpose}`).digest())
}

/**
 * SESSION_SECRET when set (required when several processes share sessions); otherwise a random
 * secret kept in DATA_DIR so sessions survive restarts of the embedded default.
 */
export function loadKeys(opts: { secret?: string; dataDir: string }): Keys {
  let master: Buffer
  if (opts.secret) {
    master = Buffer.from(opts.secret, 'utf8')
  } else {
    const file = path.join(opts.dataDir, '.session-secret')
    if (fs.existsSync(file)) {
      master = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url')
    } else {
      fs.mkdirSync(opts.dataDir, { recursive: true })
      master = randomBytes(48)
      fs.writeFileSync(file, master.toString('base64url'), { mode: 0o600 })
    }
  }
  return { jwt: derive(master, 'jwt'), cookie: derive(master, 'cookie'), codes: derive(master, 'codes') }
}
