/**
 * `npx tsx scripts/check-typed-seam.ts`: proves that the web tier's types come from the services'
 * route declarations. On a scratch copy of the tree (the git-tracked and untracked files, with
 * node_modules linked), the users service's list of bank accounts stops declaring `bank_name` in
 * its answer — only the declaration in services/, no type in app/ or domain/ changes — then
 * `npm run typegen:api` and the compiler run there; the check passes when the compiler reports an
 * error in the bank details screen (app/routes/user/settings/bank-details.tsx), which reads it.
 * Exits 1 otherwise. The screen and what it imports are compiled, not the whole tree.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVICE = 'services/users/driver-area/bank-details.ts'
const DECLARED = "responses: { 200: jsonResponse(z.array(bankDetailSchema), 'Lista')"
const DROPPED = "responses: { 200: jsonResponse(z.array(bankDetailSchema.omit({ bank_name: true })), 'Lista')"
const SCREEN = 'app/routes/user/settings/bank-details.tsx'

const started = Date.now()
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-typed-seam-'))
try {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)))
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true })
    fs.copyFileSync(path.join(root, file), path.join(scratch, file))
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'))
  fs.cpSync(path.join(root, '.react-router'), path.join(scratch, '.react-router'), { recursive: true })

  const service = fs.readFileSync(path.join(scratch, SERVICE), 'utf8')
  if (!service.includes(DECLARED)) throw new Error(`${SERVICE} no longer declares: ${DECLARED}`)
  fs.writeFileSync(path.join(scratch, SERVICE), service.replace(DECLARED, DROPPED))
  execFileSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/typegen-api.ts'], {
    cwd: scratch,
    stdio: 'inherit',
  })

  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(scratch, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => console.error(d.messageText),
    },
  )
  if (!config) throw new Error('tsconfig.json could not be read')
  const screen = path.join(scratch, SCREEN)
  const typegen = config.fileNames.filter((f) => f.includes('.react-router/types/app/routes/user/settings/'))
  const program = ts.createProgram([screen, ...typegen], config.options)
  const errors = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && path.resolve(d.file.fileName) === screen)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (errors.some((e) => e.includes('bank_name'))) {
    console.log(`typed seam: ${SCREEN} no longer compiles without bank_name (${seconds} s):\n${errors[0]}`)
  } else {
    console.error(`typed seam: ${SCREEN} still compiles without bank_name (${seconds} s)`, errors)
    process.exitCode = 1
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true })
}
