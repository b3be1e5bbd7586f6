import { Hono } from 'hono'
import type { Platform } from '../platform/platform'
import { authRoutes } from './auth-routes'
import { driverAreaRoutes } from './driver-area'
import { driverPostingsRoutes } from './postings'
import { registerRoutes } from './register-routes'
import { simplePowerRoutes } from './simple-power'

/** The users service of spec §7: /auth/* and /users/*. */
export function usersService(p: Platform) {
  const app = new Hono()
  app.route('/auth', authRoutes(p))
  app.route('/users', registerRoutes(p))
  app.route('/users', driverAreaRoutes(p))
  app.route('/users', driverPostingsRoutes(p))
  app.route('/users', simplePowerRoutes(p))
  return app
}
