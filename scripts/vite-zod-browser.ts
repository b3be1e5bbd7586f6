import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const VALIDATION = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../domain/validation')
const CLASSIC = path.join(VALIDATION, 'zod.ts')
const MINI = path.join(VALIDATION, 'zod-mini.ts')
/** @conform-to/zod/v4 builds its coercion wrappers (lazy, optional, pipe, transform) with classic zod. */
const CONFORM_ZOD = /[\\/]@conform-to[\\/]zod[\\/]/

/**
 * The browser's domain schemas on zod/mini: domain/validation/zod.ts, the zod
 * the schemas are written with, becomes domain/validation/zod-mini.ts, and @conform-to/zod/v4's
 * `zod/v4` (the four wrappers its coercion puts around a schema, which only parse) becomes
 * `zod/v4/mini`: no module of classic zod is left in the browser's bundle. `always`: in every
 * environment (Vitest's `domain-mini` project), not only the client build's.
 */
export function zodMiniInBrowser(options: { always?: boolean } = {}): Plugin {
  return {
    name: 'fleeters:zod-mini-in-browser',
    enforce: 'pre',
    apply: options.always ? undefined : 'build',
    async resolveId(source, importer, resolveOptions) {
      if (!options.always && this.environment.name !== 'client') return null
      if (!importer) return null
      if (source === 'zod/v4' && CONFORM_ZOD.test(importer))
        return this.resolve('zod/v4/mini', importer, { ...resolveOptions, skipSelf: true })
      if (!/(^|\/)zod(\.ts)?$/.test(source)) return null
      const resolved = await this.resolve(source, importer, { ...resolveOptions, skipSelf: true })
      return resolved && path.normalize(resolved.id) === CLASSIC ? MINI : resolved
    },
  }
}

/** zod's JSON Schema generator: classic schemas import it, only the server's OpenAPI uses it. */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/

/**
 * The browser's copy of zod without its JSON Schema generator. Every classic
 * schema carries `toJSONSchema()` and `~standard.jsonSchema`, so the generator (~5 KB gzip of the
 * 25 KB zod chunk a form loads on first focus) comes along although only the services' OpenAPI
 * document (`/api/openapi.json`, on the server) ever calls it. In the client build its two modules
 * export the same names, each a function that says so if called; parsing, checks and messages are
 * zod's own. The server build and Vitest keep the real modules.
 */
export function zodWithoutJsonSchemaInBrowser(): Plugin {
  return {
    name: 'fleeters:zod-without-json-schema-in-browser',
    apply: 'build',
    async load(id) {
      if (this.environment.name !== 'client' || !JSON_SCHEMA_MODULES.test(id)) return null
      const source = await fs.readFile(id, 'utf8')
      // Classic schemas' getters (`.minLength`, `.maxValue`, `.format`…) read aggregateChecks: it stays.
      let kept = ''
      if (id.endsWith('json-schema-processors.js')) {
        const start = source.indexOf('const narrowMin')
        const end = source.indexOf('const formatMap')
        if (start < 0 || end < start || !source.slice(start, end).includes('export function aggregateChecks(')) {
          throw new Error(`${id}: zod's layout changed, update scripts/vite-zod-browser.ts`)
        }
        kept = `import { BIGINT_FORMAT_RANGES, NUMBER_FORMAT_RANGES } from "./util.js";\n${source.slice(start, end)}`
      }
      const names = [...source.matchAll(/^export (?:const|function|class) (\w+)/gm)]
        .map((m) => m[1]!)
        .filter((name) => name !== 'aggregateChecks' || !kept)
      const aliases = [...source.matchAll(/^export \{ (\w+) as (\w+) \};?$/gm)].map(
        (m) => `export { ${m[1]} as ${m[2]} };`,
      )
      if (names.length === 0) throw new Error(`${id}: no exports found, update scripts/vite-zod-browser.ts`)
      // The two method factories run when a schema is built: they hand back the method, which says so.
      const factories = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod'])
      return [
        kept,
        `function unavailable() { throw new Error('zod: JSON Schema is generated on the server only') }`,
        ...names.map((name) =>
          factories.has(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`,
        ),
        ...aliases,
      ].join('\n')
    },
  }
}
