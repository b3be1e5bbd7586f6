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
