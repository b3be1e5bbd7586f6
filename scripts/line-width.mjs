/**
 * node scripts/line-width.mjs (the last step of `npm run lint`)
 *
 * Every line of the git-tracked code files is at most 120 characters: Prettier's printWidth
 * breaks code but leaves comments, strings, template literals and regular expressions as they
 * are, so a long one stays long. Code files are the extensions below, outside public/ and docs/
 * (third-party and prose), package-lock.json aside (npm writes it). Prints file:line for each
 * longer line and exits 1 if there is any. Plain Node, no dependency.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const MAX = 120
const CODE = /\.(ts|tsx|js|mjs|css|sh|json|yaml|yml)$/
const SKIPPED = /^(public|docs)\//

const root = path.dirname(import.meta.dirname)
// Tracked files and new ones not yet added (a file written but not staged is checked too).
const listed = ['ls-files', '-z', '--cached', '--others', '--exclude-standard']
const files = execFileSync('git', listed, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  .split('\0')
  .filter((file) => CODE.test(file) && !SKIPPED.test(file) && path.basename(file) !== 'package-lock.json')

let long = 0
for (const file of files) {
  let text
  try {
    text = readFileSync(path.join(root, file), 'utf8')
  } catch {
    // Tracked but deleted in the work tree: nothing to check.
    continue
  }
  for (const [i, line] of text.split(/\r?\n/).entries()) {
    // Characters, not UTF-16 units nor bytes: «ñ» or «→» counts one.
    const width = [...line].length
    if (width <= MAX) continue
    long++
    console.log(`${file}:${i + 1}: ${width} characters`)
  }
}
if (long) {
  console.error(`${long} line${long === 1 ? '' : 's'} over ${MAX} characters: rewrap or split them.`)
  process.exit(1)
}
