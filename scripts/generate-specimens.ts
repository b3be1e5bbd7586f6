/**
 * Writes public/specimens/<slot>.svg, the specimen drawing of every document slot
 * (services/platform/seed/specimens.ts, decision 93):
 *
 *   npx tsx scripts/generate-specimens.ts [--check]
 *
 * --check writes nothing and exits 1 when a committed drawing differs from what would be written.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DOCUMENT_SLOT_KEYS } from '#domain/reference-data/documents'
import { specimenSvg } from '#services/platform/seed/specimens'

export const SPECIMENS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'specimens')

/** Each drawing's file name and source. */
export function specimenFiles(): Array<{ file: string; svg: string }> {
  return DOCUMENT_SLOT_KEYS.map((slot) => ({ file: `${slot}.svg`, svg: specimenSvg(slot) }))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check')
  let stale = 0
  fs.mkdirSync(SPECIMENS_DIR, { recursive: true })
  for (const { file, svg } of specimenFiles()) {
    const target = path.join(SPECIMENS_DIR, file)
    const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null
    if (current === svg) continue
    stale++
    if (!check) fs.writeFileSync(target, svg)
  }
  console.log(check ? `${stale} specimen drawings out of date` : `Wrote ${stale} specimen drawings`)
  if (check && stale) process.exit(1)
}
