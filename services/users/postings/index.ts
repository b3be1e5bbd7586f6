import { Hono } from 'hono'
import type { Platform } from '../../platform/platform'

/** The driver's side of the marketplace (mounted at /users). */
export function driverPostingsRoutes(_p: Platform) {
  return new Hono()
}
