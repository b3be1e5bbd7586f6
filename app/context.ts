import 'react-router'

/** What server.ts hands every loader and action. */
declare module 'react-router' {
  interface AppLoadContext {
    nonce: string
    clientIp: string
    /** This request's id (X-Request-Id), also sent to the services and written in every log line. */
    requestId?: string
    /** The services app, called in-process (no socket); it sets its own headers on the Request it is given. */
    services: { fetch(request: Request): Promise<Response> }
    /** Counts the public-content writes this server has heard of; cached public content from before one is stale. */
    writeGeneration?: () => number
  }
}

export {}
