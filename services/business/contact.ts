import { Hono, type Handler } from 'hono'
import { ApiError, MESSAGES } from '../platform/http'
import type { Platform } from '../platform/platform'

/** POST /business/register with a JSON body: the fleet-requirements form of /empresas. */
export function handleFleetRequest(_p: Platform): Handler {
  return () => {
    throw new ApiError(404, MESSAGES.notFound)
  }
}

/** POST /business/contact-business. */
export function businessContactRoutes(_p: Platform) {
  return new Hono()
}
