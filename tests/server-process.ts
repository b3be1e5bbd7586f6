import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface ServerProcess {
  child: ChildProcess
  url: string
  pid: number
  dataDir: string
  /** Everything the server printed so far. */
  output(): string
  /**
   * Resolves with the first match of `pattern` in the output, waiting for it: lines printed
   * after «listening on» (the demo logins) may arrive in a later chunk of the pipe.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
  alive(): boolean
  stop(): Promise<void>
}

export interface StartOptions {
  /** A data folder the test owns (kept by stop()); a new temporary one, removed by stop(), otherwise. */
  dataDir?: string
  /** What «started» means in the output: «listening on …» unless said otherwise (`url` is then ''). */
  ready?: RegExp
}

/**
 * Starts `server.ts` as its own process on a free port (like e2e/global-setup.ts), so a test can
 * see whether that very process survives what it is put through. Services only unless `env`
 * says otherwise (no web build needed).
 */
export async function startServer(
  env: Record<string, string | undefined>,
  options: StartOptions = {},
): Promise<ServerProcess> {
  const ownsData = !options.dataDir
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-proc-'))
  const ready = options.ready ?? /listening on (http:\/\/[^\s"]+)/
  const vars: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    SMTP_URL: '',
    SEED_DEMO: 'never',
    SERVICES: 'users,business,general',
    MAIL_WORKER_INTERVAL_MS: '60000',
    BACKUP_DAILY: 'false',
    // Request lines and the "listening on" line are info (Vitest's own processes log warnings only).
    LOG_LEVEL: 'info',
    ...env,
  }
  // A variable given as undefined is left out (SERVICES: undefined serves the pages too).
  for (const [k, v] of Object.entries(vars)) if (v === undefined) delete vars[k]
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env: vars as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s: ${out}`)), 60_000)
    const check = () => {
      const m = ready.exec(out)
      if (m) {
        clearTimeout(timer)
        child.stdout!.off('data', check)
        child.stderr!.off('data', check)
        resolve(options.ready ? '' : m[1]!.replace('localhost', '127.0.0.1'))
      }
    }
    child.stdout!.on('data', check)
    child.stderr!.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}: ${out}`))
    })
  })
  return {
    child,
    url,
    pid: child.pid!,
    dataDir,
    output: () => out,
    waitForOutput(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out)
          if (!m) return false
          clearTimeout(timer)
          child.stdout!.off('data', onData)
          child.stderr!.off('data', onData)
          resolve(m)
          return true
        }
        const onData = () => void check()
        const timer = setTimeout(() => {
          child.stdout!.off('data', onData)
          child.stderr!.off('data', onData)
          reject(new Error(`no ${pattern} in the output after ${timeoutMs} ms: ${out}`))
        }, timeoutMs)
        if (check()) return
        child.stdout!.on('data', onData)
        child.stderr!.on('data', onData)
      })
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      if (ownsData) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Resident memory of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)
  return kb ? Number(kb[1]) * 1024 : 0
}
