import { Hono } from 'hono'
import { requireRole } from '#services/platform/auth'
import { parseId } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'
import { contactRoutes } from './contact'
import { contentRoutes } from './content'

/** The general-data service of spec §7: /general-data/* and /contact/*. */
export function generalDataService(p: Platform) {
  const app = new Hono()

  app.get('/general-data/get-filtered-regions/:id', async (c) => {
    const zoneId = parseId(c.req.param('id'))
    const regions = await p.db.selectFrom('regions').selectAll().where('zone_id', '=', zoneId).orderBy('id_region').execute()
    return c.json(regions)
  })

  app.get('/general-data/get-filtered-communes/:id', async (c) => {
    const regionId = parseId(c.req.param('id'))
    const communes = await p.db.selectFrom('communes').selectAll().where('id_region', '=', regionId).execute()
    // Spanish alphabetical order (Ñuñoa after Nunoa, not after Vitacura), the same on both engines.
    communes.sort((a, b) => a.name_commune.localeCompare(b.name_commune, 'es'))
    return c.json(communes)
  })

  app.get('/general-data/get-all-datas-filters', requireRole(p, 'User'), async (c) => {
    const [zones, vehicles] = await Promise.all([
      p.db.selectFrom('zones').selectAll().orderBy('id_zone').execute(),
      p.db.selectFrom('vehicles').selectAll().orderBy('id_vehicle').execute(),
    ])
    return c.json({ zones, vehicles })
  })

  // The home page content (FAQ, statistics, testimonials, logos, postings): spec §3, public.
  app.route('/general-data', contentRoutes(p))
  app.route('/contact', contactRoutes(p))

  return app
}
