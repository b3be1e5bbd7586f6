import 'react-router'
import type { CheckedBody } from '#services/platform/in-process'

/** What server.ts hands every loader and action. */
declare module 'react-router' {
  interface AppLoadContext {
    nonce: string
    clientIp: string
    /** This request's id (X-Request-Id), also sent to the services and written in every log line. */
    requestId?: string
    /**
     * The services app, called in-process (no socket); it sets its own headers on the Request it is
     * given. `checked`: the body, as this request's form was checked (services/platform/in-process.ts).
     */
    services: { fetch(request: Request, checked?: CheckedBody): Promise<Response> }
    /** Counts the public-content writes this server has heard of; cached public content from before one is stale. */
    writeGeneration?: () => number
  }
}

export {}
