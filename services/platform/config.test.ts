import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONFIG_VARIABLES, loadConfig } from './config'

const root = path.resolve(import.meta.dirname, '../..')
/** Read by server.ts itself (which services a process serves), not by the config schema. */
const OUTSIDE_SCHEMA = ['SERVICES']

function envExample(): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const line of fs.readFileSync(path.join(root, '.env.example'), 'utf8').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line)
    if (m) vars[m[1]!] = m[2]!
  }
  return vars
}

function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
  const table = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('## ', readme.indexOf('## Configuration') + 5),
  )
  const names = new Set<string>()
  for (const row of table.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = row.split('|')[1]!
    for (const m of first.matchAll(/`([A-Z0-9_]+)`/g)) names.add(m[1]!)
  }
  return [...names]
}

describe('configuration docs', () => {
  it('the README table, .env.example and the schema list the same variables', () => {
    const expected = [...CONFIG_VARIABLES, ...OUTSIDE_SCHEMA].sort()
    expect(readmeVariables().sort()).toEqual(expected)
    expect(Object.keys(envExample()).sort()).toEqual(expected)
  })

  it('.env.example as written loads, and gives the defaults', () => {
    const config = loadConfig(envExample())
    const defaults = loadConfig({})
    expect(config).toEqual(defaults)
  })

  it(
    'S3_BUCKET needs DATA_ENCRYPTION_KEY: a key generated on one disk would leave the ' +
      'bucket unreadable to other processes',
    () => {
      expect(() => loadConfig({ S3_BUCKET: 'fleeters' })).toThrow(/DATA_ENCRYPTION_KEY: required with S3_BUCKET/)
      expect(loadConfig({ S3_BUCKET: 'fleeters', DATA_ENCRYPTION_KEY: 'k'.repeat(32) }).S3_BUCKET).toBe('fleeters')
      expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(/DATA_ENCRYPTION_KEY/)
    },
  )

  it('an empty variable means not set', () => {
    const config = loadConfig({ SESSION_SECRET: '', DATABASE_URL: ' ', PORT: '' })
    expect(config.SESSION_SECRET).toBeUndefined()
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.PORT).toBe(3000)
  })
})
