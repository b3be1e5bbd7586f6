import { OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { adminRoutes } from './admin'
import { authRoutes } from './auth-routes'
import { consentRoutes } from './consent-routes'
import { driverAreaRoutes } from './driver-area'
import { driverPostingsRoutes } from './postings'
import { registerRoutes } from './register-routes'
import { secondFactorRoutes } from './second-factor-routes'
import { securityRoutes } from './security-routes'
import { simplePowerRoutes } from './simple-power'

/** The users service of spec §7: /auth/* and /users/*, plus the operations console's /admin/*. */
export function usersService(p: Platform) {
  const app = new OpenAPIHono()
  app.route('/auth', authRoutes(p))
  app.route('/auth', securityRoutes(p))
  app.route('/auth', consentRoutes(p))
  // Staff 2FA (issue 28 item 4, decision 77): TOTP, recovery codes, re-authentication.
  app.route('/auth', secondFactorRoutes(p))
  app.route('/users', registerRoutes(p))
  app.route('/users', driverAreaRoutes(p))
  app.route('/users', driverPostingsRoutes(p))
  app.route('/users', simplePowerRoutes(p))
  app.route('/admin', adminRoutes(p))
  return app
}
