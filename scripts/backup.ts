/**
 * `npm run backup`: writes one archive (.tar.gz) of the database (SQLite through its online backup
 * API, or `pg_dump` with DATABASE_URL), the uploads and the generated secrets into BACKUP_DIR
 * (`backups` beside DATA_DIR by default), with a manifest of checksums (services/platform/backup.ts).
 * Safe while the server runs. Prints the archive's path and what it holds; exits 1 when it failed.
 */
import { formatInteger } from '#domain/format'
import { BackupError, createBackup } from '#services/platform/backup'
import { loadConfig } from '#services/platform/config'
import { exitOnUnsupportedNode, keepDataPrivate } from '#services/platform/runtime'

exitOnUnsupportedNode()
const config = loadConfig()
keepDataPrivate(config.dataDir)
try {
  const { file, bytes, manifest } = await createBackup(config)
  console.log(`Respaldo creado: ${file} (${formatInteger(bytes)} bytes).`)
  const rows = Object.entries(manifest.tables).map(([table, n]) => `${table} ${formatInteger(n)}`)
  console.log(`  base de datos (${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}): ${rows.join(', ')}`)
  const where = manifest.storage === 'local' ? 'archivos' : 'objetos del bucket listados (no copiados)'
  console.log(`  ${where}: ${formatInteger(manifest.files.count)} (${formatInteger(manifest.files.bytes)} bytes)`)
  const secrets = manifest.secrets.length ? manifest.secrets.join(', ') : 'ninguno (vienen de la configuración)'
  console.log(`  secretos generados: ${secrets}`)
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(error.message)
  process.exitCode = error.exitCode
}
