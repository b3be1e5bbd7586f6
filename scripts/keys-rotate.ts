/**
 * `npm run keys:rotate`: seals every stored file again under the current master key
 * (services/platform/file-crypto.ts), and seals the files stored before encryption; then encrypts
 * the RUTs and bank account numbers in the database again under it, with their lookup hashes
 * (services/platform/column-crypto.ts, decision 80), in one transaction.
 *
 * - With DATA_ENCRYPTION_KEY (deployments): deploy first with the new key in DATA_ENCRYPTION_KEY
 *   and the old one(s) in DATA_ENCRYPTION_OLD_KEYS (every process then reads both and writes with
 *   the new), run this once, then deploy again without DATA_ENCRYPTION_OLD_KEYS.
 * - Without it (the embedded default): stop the server, run this: it generates a new key into
 *   DATA_DIR/.data-keys, seals every file under it and forgets the older keys. A server left
 *   running would keep writing with the key it started with.
 *
 * Prints how many files and values it sealed again and how many were current already; exits 1 when
 * a file or a value could not be read (an unknown key: its old key is missing from
 * DATA_ENCRYPTION_OLD_KEYS). The older generated keys are forgotten only when both went well.
 */
import fs from 'node:fs'
import path from 'node:path'
import { columnCipher, resealColumns, type ResealCount } from '#services/platform/column-crypto'
import { loadConfig } from '#services/platform/config'
import { assertMigrated, openDatabase } from '#services/platform/db/connect'
import { inTransaction } from '#services/platform/db/transaction'
import { addGeneratedKey, dropOlderGeneratedKeys, loadKeyring, resealed } from '#services/platform/file-crypto'
import { createRawFileStore } from '#services/platform/platform'
import { exitOnUnsupportedNode, keepDataPrivate } from '#services/platform/runtime'
import { resealTotpSecrets } from '#services/users/second-factor'

exitOnUnsupportedNode()
const config = loadConfig()
keepDataPrivate(config.dataDir)
const generated = !config.DATA_ENCRYPTION_KEY
if (generated) addGeneratedKey(config.dataDir)
const ring = loadKeyring({
  key: config.DATA_ENCRYPTION_KEY,
  oldKeys: config.DATA_ENCRYPTION_OLD_KEYS,
  dataDir: config.dataDir,
})
const store = await createRawFileStore(config)

let sealed = 0
let current = 0
const failed: string[] = []
for await (const key of store.list()) {
  try {
    const stored = await store.get(key)
    if (!stored) continue
    const next = resealed(ring, stored)
    if (!next) {
      current++
      continue
    }
    await store.replace(key, next)
    sealed++
  } catch (error) {
    failed.push(`${key}: ${(error as Error).message}`)
  }
}

// The columns: every value under an older key. A DATA_DIR without a database has none.
const sqlitePath = path.join(config.dataDir, 'fleeters.db')
let columns: ResealCount | null = null
let totp = 0
if (config.DATABASE_URL || fs.existsSync(sqlitePath)) {
  const handle = openDatabase({ url: config.DATABASE_URL, sqlitePath })
  try {
    await assertMigrated(handle)
    columns = await inTransaction(handle.db, async (trx) => {
      totp = await resealTotpSecrets(trx, ring)
      return resealColumns(trx, columnCipher(ring))
    })
  } catch (error) {
    failed.push(`base de datos: ${(error as Error).message}`)
  } finally {
    await handle.destroy()
  }
}

if (generated && !failed.length) dropOlderGeneratedKeys(config.dataDir)
console.log(`Clave ${ring.current.id}: ${sealed} archivos cifrados de nuevo, ${current} ya estaban con ella.`)
if (columns)
  console.log(
    `RUT y cuentas bancarias: ${columns.sealed} valores cifrados de nuevo, ${columns.current} ya estaban con ella.`,
  )
if (columns) console.log(`Verificación en dos pasos: ${totp} claves de aplicación cifradas de nuevo.`)
if (failed.length) {
  console.error(`${failed.length} archivos o valores no se pudieron leer:\n${failed.join('\n')}`)
  process.exitCode = 1
} else if (!generated && config.DATA_ENCRYPTION_OLD_KEYS) {
  console.log('Ya puedes quitar DATA_ENCRYPTION_OLD_KEYS de la configuración.')
}
