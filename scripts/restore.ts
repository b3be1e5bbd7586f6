/**
 * `npm run restore -- <archive>`: puts an archive of `npm run backup` back into an empty DATA_DIR
 * (and, for a PostgreSQL archive, into the empty database of DATABASE_URL), after checking every
 * entry against the manifest's checksums and the restored row counts against its own. Refuses a
 * DATA_DIR or a database that holds anything, with exit code 2; exits 1 when the archive fails a
 * check (DATA_DIR is left empty) or, with S3, when the bucket lacks objects the archive lists.
 */
import path from 'node:path'
import { formatInteger } from '#domain/format'
import { BackupError, restoreBackup } from '#services/platform/backup'
import { loadConfig } from '#services/platform/config'
import { exitOnUnsupportedNode, keepDataPrivate } from '#services/platform/runtime'

exitOnUnsupportedNode()
const [archive, ...rest] = process.argv.slice(2)
if (!archive || rest.length) {
  console.error('Uso: npm run restore -- <archivo .tar.gz de npm run backup>')
  process.exit(2)
}
const config = loadConfig()
// Files and folders put back are the server's own: 0600 and 0700 (an empty DATA_DIR it creates is still empty).
keepDataPrivate(config.dataDir)
try {
  const { manifest, missingObjects } = await restoreBackup(path.resolve(archive), config)
  const where = `${config.dataDir}${manifest.engine === 'postgres' ? ' y en DATABASE_URL' : ''}`
  console.log(`Respaldo del ${manifest.createdAt} restaurado en ${where}.`)
  console.log(
    `  filas: ${Object.entries(manifest.tables)
      .map(([table, n]) => `${table} ${formatInteger(n)}`)
      .join(', ')}`,
  )
  const files = formatInteger(manifest.files.count)
  if (manifest.storage === 'local') console.log(`  archivos: ${files}, todos verificados con su suma SHA-256`)
  if (manifest.storage === 's3' && missingObjects.length) {
    console.error(`Faltan o cambiaron ${missingObjects.length} objetos del bucket (recupéralos de sus versiones):`)
    for (const key of missingObjects.slice(0, 50)) console.error(`  ${key}`)
    process.exitCode = 1
  } else if (manifest.storage === 's3') {
    console.log(`  bucket: los ${files} objetos listados están, con el mismo ETag`)
  }
  const same = 'usa el mismo SESSION_SECRET y DATA_ENCRYPTION_KEY que el servidor respaldado'
  if (!manifest.secrets.length) console.log(`  Sin secretos generados: ${same}.`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exitCode = error.exitCode
}
