import { Hono } from 'hono'
import type { Platform } from '../../platform/platform'

/** Documents, profile, experience and bank details of the driver (mounted at /users). */
export function driverAreaRoutes(_p: Platform) {
  return new Hono()
}
