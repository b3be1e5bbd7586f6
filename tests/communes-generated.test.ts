import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMMUNES_FILE, communesModule, DEFAULT_SOURCE } from '../scripts/generate-communes'

describe('domain/reference-data/communes.ts', () => {
  // The official list lives beside the project (../shared/data); a clone elsewhere cannot check.
  it.runIf(fs.existsSync(DEFAULT_SOURCE))('is what scripts/generate-communes.ts writes from the official list', () => {
    const output = communesModule(JSON.parse(fs.readFileSync(DEFAULT_SOURCE, 'utf8')))
    expect(fs.readFileSync(COMMUNES_FILE, 'utf8')).toBe(output)
  })
})
