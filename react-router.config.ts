import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Config } from '@react-router/dev/config'
import { afterReactRouterBuild } from './scripts/build-server'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel builds (e.g. two e2e runs) keep apart; server.ts reads the same.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  // Static files compressed once (.br, .gz) and server.ts compiled to build/server.js
  // (scripts/build-server.ts): production runs `node build/server.js`.
  buildEnd: ({ reactRouterConfig }) =>
    afterReactRouterBuild(path.dirname(fileURLToPath(import.meta.url)), path.resolve(reactRouterConfig.buildDirectory)),
} satisfies Config
