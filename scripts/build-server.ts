/**
 * The end of `react-router build` (react-router.config.ts `buildEnd`):
 *
 * 1. Every compressible file of the client build (build/client: hashed /assets/* and the
 *    public/ files) gets a Brotli (`.br`) and a gzip (`.gz`) copy beside it, at the highest
 *    levels, once; server.ts serves them as they are and never compresses a static file.
 * 2. server.ts and what it imports from server/, services/, domain/ and app/.server are compiled
 *    into build/server.js and chunks beside it (the composition server.ts imports dynamically
 *    is one; Vite's SSR build: packages stay external imports of node_modules), with
 *    the database migrations as build/migrations/*.js, the PDF pages' worker as
 *    build/pdf-pages-worker.js and the demo documents' drawing process as
 *    build/demo-documents-process.js, so production runs `node build/server.js`:
 *    no TypeScript compiler in the process, no npm or tsx wrapper processes.
 */
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { build } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats worth compressing (images and fonts in woff2 are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|map|svg|txt|xml|webmanifest|ico)$/i
/** Below this, the headers outweigh the saving: served as is. */
const MIN_BYTES = 1024

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
}

/** Writes `file.br` and `file.gz` beside each compressible file of `dir`; returns how many files. */
export async function compressStaticFiles(dir: string): Promise<number> {
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES)
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.promises.readFile(file)
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      // A copy that does not save anything is not written: the file is served as it is.
      if (br.length < data.length) await fs.promises.writeFile(`${file}.br`, br)
      if (gz.length < data.length) await fs.promises.writeFile(`${file}.gz`, gz)
    }),
  )
  return files.length
}

/** Compiles server.ts (and its migrations) into `buildDir`/server.js. */
export async function buildServer(root: string, buildDir: string) {
  const migrationsDir = path.join(root, 'services/platform/db/migrations')
  const migrations = Object.fromEntries(
    fs
      .readdirSync(migrationsDir)
      .filter((f) => /^\d{4}_[a-z0-9_]+\.ts$/.test(f))
      .map((f) => [`migrations/${f.replace(/\.ts$/, '')}`, path.join(migrationsDir, f)]),
  )
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    build: {
      ssr: true,
      outDir: buildDir,
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      copyPublicDir: false,
      rollupOptions: {
        // The PDF pages' worker (services/platform/pdf/pages.ts) is started by file name: an entry of its own.
        input: {
          server: path.join(root, 'server.ts'),
          'pdf-pages-worker': path.join(root, 'services/platform/pdf/pages-worker.ts'),
          // The demo documents are drawn by a process of their own (services/platform/seed/demo-documents.ts).
          'demo-documents-process': path.join(root, 'services/platform/seed/demo-documents-process.ts'),
          ...migrations,
        },
        // Chunks sit beside server.js: services/platform/db/migrations.ts finds the compiled
        // migrations in ./migrations next to whichever file it ends up in.
        output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'server-[name]-[hash].js' },
      },
    },
  })
}

export async function afterReactRouterBuild(root: string, buildDir: string) {
  const started = performance.now()
  const compressed = await compressStaticFiles(path.join(buildDir, 'client'))
  await buildServer(root, buildDir)
  const server = path.relative(root, path.join(buildDir, 'server.js'))
  console.log(
    `Compressed ${compressed} static files (.br, .gz) and compiled ${server} ` +
      `in ${Math.round(performance.now() - started)} ms`,
  )
}
