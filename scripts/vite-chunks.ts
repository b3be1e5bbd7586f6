import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const rel = (id: string) => path.relative(ROOT, id.split('?')[0]!).split(path.sep).join('/')
/** A pattern that matches where any of `patterns` matches. */
const anyOf = (...patterns: RegExp[]) => new RegExp(patterns.map((p) => p.source).join('|'))

/**
 * The client's shared code in a few chunks (decision 71): Rollup's chunk per set of importing
 * routes left a form page ~35 files, most under 1 KB, each gzipped alone. A group takes in the
 * modules it imports that no group names, so a group must not import what `/` or a page without
 * forms loads (budget.spec measures each page, and that validation waits for the first focus).
 */
const GROUPS: Array<[string, RegExp]> = [
  // root.tsx's own imports, and the logo every area's header draws: loaded by every page.
  [
    'root-kit',
    anyOf(
      /^app\/components\/(ui\/(button|skip-link|tones)|not-found|logo)\.tsx?$/,
      /^node_modules\/remix-utils\/build\/react\/use-hydrated\.js$/,
    ),
  ],
  // A form's state (conform) and its lazy validation hook: every form page, from the first paint.
  ['forms', /^(node_modules\/@conform-to\/(react|dom)\/|app\/components\/lazy-validation\.ts$)/],
  // What a form's first focus loads: zod/mini, conform's zod parsing, the shared field rules.
  ['validation', /^(node_modules\/(zod|@conform-to\/zod)\/|domain\/validation\/(fields|zod-mini)\.ts$)/],
  // The place and reference-id rules the company's, the posting's and the profile's schemas share
  // (loaded with those schemas, on the first focus).
  ['place-rules', /^domain\/(validation\/(place-ids|reference-id|place-codes)|reference-data\/regions)\.ts$/],
  // Form fields, the class merging they draw with, and the phone and required-field rules both the
  // fields and the schemas use: every form page, and most of the app's.
  [
    'field',
    anyOf(
      /^app\/components\/(ui\/(cn\.ts|field\.tsx|alert\.tsx)|js-marker\.tsx)/,
      /^domain\/(phone|validation\/submission)\.ts/,
      /^node_modules\/(clsx|tailwind-merge)\//,
    ),
  ],
  // A list's pages and tabs, and a posting's or application's labels: the drivers' and the companies' lists
  // (posting-bits stays out: it brings the date formats, which a company's panel does not load).
  ['list-kit', /^app\/components\/(ui\/(pagination|tabs)\.tsx|marketplace\/labels\.ts)$/],
  // Imported by the groups above and by pages without them: each in a chunk of its own, as Rollup
  // would, so that no group takes it in (a page that needs only the phone rules would load zod).
  ...[
    'domain/reference-data/zones.ts',
    'domain/format.ts',
    'domain/numbers.ts',
    'domain/chile-year.ts',
    'domain/rut.ts',
    'app/components/ui/badge.tsx',
    'app/components/marketplace/posting-facts.tsx',
  ].map((file): [string, RegExp] => [
    path.basename(file).replace(/\.tsx?$/, ''),
    new RegExp(`^${file.replace(/[./]/g, '\\$&')}$`),
  ]),
]

export function chunkGroups(): Plugin {
  return {
    name: 'fleeters:chunk-groups',
    apply: 'build',
    // Validation is loaded on a form's first focus (decision 13): no route module may import it,
    // directly or through the chunks it imports, or every form page would load zod on its first
    // paint. A group that takes in a shared module (see GROUPS) is how that happens: the build
    // stops and says which route.
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      const chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])),
      )
      for (const chunk of chunks.values()) {
        if (!chunk.isEntry) continue
        const seen = new Set<string>()
        const walk = (file: string): string | null => {
          if (seen.has(file)) return null
          seen.add(file)
          const item = chunks.get(file)
          if (!item) return null
          if (item.name === 'validation') return file
          for (const next of item.imports) {
            const found = walk(next)
            if (found) return `${file} → ${found}`
          }
          return null
        }
        const chain = walk(chunk.fileName)
        if (chain)
          this.error(
            `${chunk.facadeModuleId ? rel(chunk.facadeModuleId) : chunk.fileName} loads the ` +
              `validation chunk with the page: ${chain}`,
          )
      }
    },
    configEnvironment(name) {
      if (name !== 'client') return
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id) {
                const file = rel(id)
                for (const [group, pattern] of GROUPS) if (pattern.test(file)) return group
                return undefined
              },
            },
          },
        },
      }
    },
  }
}

const BABEL_HELPERS = /[\\/]@conform-to[\\/](dom|zod)[\\/]dist[\\/]_virtual[\\/]_rollupPluginBabelHelpers\.mjs$/
/** @conform-to/react's copy of the helpers, which @conform-to/zod ships byte for byte and @conform-to/dom a part of. */
export function oneCopyOfBabelHelpers(): Plugin {
  return {
    name: 'fleeters:one-copy-of-babel-helpers',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/_rollupPluginBabelHelpers\.mjs$/.test(source)) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || !BABEL_HELPERS.test(resolved.id)) return resolved
      return path.join(ROOT, 'node_modules/@conform-to/react/dist/_virtual/_rollupPluginBabelHelpers.mjs')
    },
  }
}
