import fs from 'node:fs'
import v8 from 'node:v8'

/**
 * The Node.js lines the product supports: the maintained LTS lines (package.json `engines`).
 * Node 20 reached end of life on 30 April 2026, and the SQLite driver (better-sqlite3 13,
 * Node-API) needs 22 or later: on an older Node it crashes the process on first use, so the
 * server says so in words before it opens the database.
 */
export const SUPPORTED_NODE_LINES = '22, 24 o 26'

export function unsupportedNodeMessage(version: string = process.versions.node): string | null {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10))
  const supported = (major === 22 && minor >= 12) || major === 24 || major >= 26
  if (supported) return null
  return (
    `Fleeters necesita Node.js ${SUPPORTED_NODE_LINES} (LTS con soporte) y este es ${version}. ` +
    'Instala una de esas versiones (en Linux x64: `source scripts/use-node.sh 24`), ' +
    'borra node_modules y ejecuta `npm install` de nuevo.'
  )
}

/** Ends the process with the message when this Node is not supported. */
export function exitOnUnsupportedNode(): void {
  const message = unsupportedNodeMessage()
  if (!message) return
  console.error(message)
  process.exit(1)
}

/**
 * What the process writes under DATA_DIR (the SQLite file with its WAL, uploads, the mail and
 * WhatsApp outboxes, the generated secret) holds personal data: nothing it creates gets group or
 * other permissions (umask 077: folders 0700, files 0600), and DATA_DIR itself is closed to
 * others, also when an older version made it 0755 (a closed folder hides everything in it).
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077)
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  try {
    fs.chmodSync(dataDir, 0o700)
  } catch (error) {
    // Not ours to change (a mount owned by another user): say so, and go on.
    console.warn(`No se pudo cerrar DATA_DIR (${dataDir}) a otros usuarios: ${(error as Error).message}`)
  }
}

/**
 * A full garbage collection when the old generation reaches 1.5× what survived the last one.
 * Under load the garbage of requests in flight is promoted there with the response buffers it
 * holds, and V8 otherwise lets it grow to up to 4× its live size, more the faster the process
 * allocates: the resident peak followed the request rate (docs/decisions/0094-memory-under-load.md).
 * Set here because Node refuses this V8 flag in NODE_OPTIONS; V8 reads it at each collection.
 */
export function boundHeapGrowth(): void {
  v8.setFlagsFromString('--heap-growing-percent=50')
}
