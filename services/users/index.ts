import { OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
// «Mis datos» of drivers (decision 75)
import { myDataRoutes } from '#services/shared/my-data-routes'
import { accountClosureRoutes } from './account-closure-routes'
import { adminRoutes } from './admin'
import { authRoutes } from './auth-routes'
import { consentRoutes } from './consent-routes'
import { dataViewRoutes } from './data-view-routes'
import { driverAreaRoutes } from './driver-area'
import { driverPostingsRoutes } from './postings'
import { driverMessageRoutes } from './postings/messages'
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
  // Deletion, pause and opt-out (decision 76)
  app.route('/auth', accountClosureRoutes(p))
  // Staff 2FA (decision 77): TOTP, recovery codes, re-authentication.
  app.route('/auth', secondFactorRoutes(p))
  app.route('/users', registerRoutes(p))
  app.route('/users', driverAreaRoutes(p))
  app.route('/users', driverPostingsRoutes(p))
  // Conversations per application (decision 105)
  app.route('/users', driverMessageRoutes(p))
  app.route('/users', simplePowerRoutes(p))
  // «Mis datos» (Ley 21.719, decision 75): /users/my-data/*
  app.route('/users', myDataRoutes(p, 'User'))
  // «Quién vio mis datos» (decision 78)
  app.route('/users', dataViewRoutes(p))
  app.route('/admin', adminRoutes(p))
  return app
}
