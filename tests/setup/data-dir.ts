import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Code under test that reads the environment (the web tier's env(): config and the generated
 * session secret) gets a data folder of this run, removed afterwards: a test run writes nothing
 * into ./data, and a second run starts from nothing.
 */
export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-vitest-'))
  process.env.DATA_DIR = dir
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
