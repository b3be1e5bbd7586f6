/**
 * The process: one Node process serving hashed assets, the three services under /api and the
 * React Router app for everything else, composed by server/create-server.ts. `npm start` builds
 * the app, then runs this compiled (build/server.js); `npm run dev` runs it with `--dev`: the app
 * straight from the sources through Vite (hot reload), no build.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from './services/platform/config'
import { boundHeapGrowth, exitOnUnsupportedNode, keepDataPrivate } from './services/platform/runtime'
import { startTracing, tracingRequested } from './services/platform/tracing'

exitOnUnsupportedNode()
boundHeapGrowth()
const config = loadConfig()
keepDataPrivate(config.dataDir)
const here = path.dirname(fileURLToPath(import.meta.url))
// Compiled (`node build/server.js`, scripts/build-server.ts), this file sits in the build itself.
const buildDir = import.meta.url.endsWith('.js') ? here : path.resolve(here, process.env.BUILD_DIR ?? 'build')

// Traces only with OTEL_EXPORTER_OTLP_ENDPOINT, started before the rest loads: pg is instrumented as it loads.
const tracing = tracingRequested() ? await startTracing() : undefined
const { createServer, servicesOnly, startFailed } = await import('./server/create-server')
const options = { dev: process.argv.includes('--dev'), buildDir, services: servicesOnly(process.env.SERVICES), tracing }
const server = await createServer(config, options).catch(startFailed)
await server.start()
const stop = (signal: string) =>
  void server
    .shutdown(signal)
    .then(() => tracing?.shutdown())
    .then(() => process.exit(0))
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
