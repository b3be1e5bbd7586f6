/**
 * `npm run lint:api`: lints the services' OpenAPI document (/api/openapi.json, built from the
 * routes' declarations) with Redocly CLI's recommended rules (redocly.yaml), so a generated
 * client gets an operationId and the security of every operation. The document is built on a
 * throwaway SQLite platform, written to a temporary file and linted; the exit code is Redocly's.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServicesApp } from '#services/app'
import { createTestPlatform } from '#services/testing/platform'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-openapi-'))
const file = path.join(dir, 'openapi.json')
const platform = await createTestPlatform('sqlite')
try {
  const res = await createServicesApp(platform).request('/openapi.json')
  fs.writeFileSync(file, await res.text())
} finally {
  await platform.destroy()
}

const bin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'redocly.cmd' : 'redocly')
const lint = spawnSync(bin, ['lint', '--config', path.join(root, 'redocly.yaml'), file], {
  stdio: 'inherit',
  // Nothing reaches the network: no usage data (also `telemetry: off` in redocly.yaml) and no
  // look-up of a newer CLI version on the npm registry.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
})
fs.rmSync(dir, { recursive: true, force: true })
if (lint.error) throw lint.error
process.exitCode = lint.status ?? 1
