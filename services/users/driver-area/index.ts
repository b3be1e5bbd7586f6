import type { AuthEnv } from '#services/platform/auth'
import { OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { bankDetailRoutes } from './bank-details'
import { documentRoutes } from './documents'
import { experienceRoutes } from './experience'
import { fileRoutes } from './files'
import { invitationPreferenceRoutes } from './invitations'
import { notificationRoutes } from './notifications'
import { profileRoutes } from './profile'

/**
 * Documents, profile, experience and bank details of the driver (mounted at /users). Every
 * route checks the driver's session itself: the /users prefix is shared with other areas.
 */
export function driverAreaRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  app.route('/', documentRoutes(p))
  app.route('/', fileRoutes(p))
  app.route('/', profileRoutes(p))
  app.route('/', experienceRoutes(p))
  app.route('/', bankDetailRoutes(p))
  app.route('/', notificationRoutes(p))
  app.route('/', invitationPreferenceRoutes(p))
  return app
}
