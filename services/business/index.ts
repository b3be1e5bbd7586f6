import { Hono } from 'hono'
import type { Platform } from '#services/platform/platform'
import { companyRoutes, handleCompanyRegistration } from './companies'
import { businessContactRoutes, handleFleetRequest } from './contact'

/** The business service of spec §7: /business/*. */
export function businessService(p: Platform) {
  const app = new Hono()
  // Spec §7: one path, two bodies — JSON from the fleet-requirements form, multipart (data +
  // logoBusiness) from the company registration.
  const fleet = handleFleetRequest(p)
  const registration = handleCompanyRegistration(p)
  app.post('/business/register', (c, next) => ((c.req.header('content-type') ?? '').startsWith('multipart/form-data') ? registration(c, next) : fleet(c, next)))
  app.route('/business', businessContactRoutes(p))
  app.route('/business', companyRoutes(p))
  return app
}
