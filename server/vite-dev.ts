/**
 * `npm run dev`: the pages straight from the sources through Vite in middleware mode (hot
 * reload), no build. Only development loads this module (create-server.ts imports it lazily),
 * so a production process never loads Vite.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { MiddlewareHandler } from 'hono'
import type { ServerBuild } from 'react-router'
import { createServer, type ViteDevServer } from 'vite'

export interface ViteDev {
  /** Vite serves the sources, its client and public/; whatever it does not answer goes on. */
  middleware: MiddlewareHandler
  /** The React Router build of the current sources, for each request. */
  build: () => Promise<ServerBuild>
  /** Starts Vite on the listening HTTP server: its hot reload shares the server's port. */
  attach(server: HttpServer): Promise<void>
  close(): Promise<void>
}

export function viteDev(): ViteDev {
  let vite: ViteDevServer | undefined
  // Requests that arrive before Vite exists wait for it.
  let resolve: (server: ViteDevServer) => void = () => {}
  const ready = new Promise<ViteDevServer>((r) => (resolve = r))
  return {
    middleware: async (c, next) => {
      const server = await ready
      const { incoming, outgoing } = c.env as { incoming: IncomingMessage; outgoing: ServerResponse }
      const handled = await new Promise<boolean>((done) => {
        outgoing.once('finish', () => done(true))
        server.middlewares(incoming, outgoing, () => done(false))
      })
      if (handled || outgoing.headersSent) return RESPONSE_ALREADY_SENT
      await next()
    },
    build: async () => (await (await ready).ssrLoadModule('virtual:react-router/server-build')) as ServerBuild,
    async attach(server) {
      vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'custom' })
      resolve(vite)
    },
    async close() {
      await vite?.close()
    },
  }
}
