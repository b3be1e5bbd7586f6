import { z } from 'zod'
import { communeOptionSchema, filterDataSchema, regionOptionSchema } from '#domain/contract/general-data'
import { requireRole } from '#services/platform/auth'
import { defineRoute, errors, idParams, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { contactRoutes } from './contact'
import { contentRoutes } from './content'
import { getPostingFilters, listCommunesByRegion, listRegionsByZone } from './lookup-operations'

/**
 * The general-data service of spec §7: /general-data/* and /contact/*. The lookups' handlers answer
 * what one operation of lookup-operations.ts returns.
 */
export function generalDataService(p: Platform) {
  const app = new OpenAPIHono()
  const tags = ['Datos generales']

  defineRoute(
    app,
    {
      method: 'get',
      path: '/general-data/get-filtered-regions/{id}',
      operationId: 'listRegionsByZone',
      tags,
      summary: 'Las regiones de una zona (id de la zona); pública, el área del conductor envía su encabezado',
      request: { params: idParams },
      responses: { 200: jsonResponse(z.array(regionOptionSchema), 'Regiones'), ...errors(404) },
    },
    async (c) => c.json(await listRegionsByZone(p, c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/general-data/get-filtered-communes/{id}',
      operationId: 'listCommunesByRegion',
      tags,
      summary: 'Las comunas de una región (id de la región), en orden alfabético',
      request: { params: idParams },
      responses: { 200: jsonResponse(z.array(communeOptionSchema), 'Comunas'), ...errors(404) },
    },
    async (c) => c.json(await listCommunesByRegion(p, c.req.valid('param'))),
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/general-data/get-all-datas-filters',
      operationId: 'getPostingFilters',
      tags,
      summary: 'Zonas y vehículos para los filtros de ofertas',
      middleware: [requireRole(p, 'User')],
      responses: { 200: jsonResponse(filterDataSchema, 'Zonas y vehículos'), ...errors(401, 403) },
    },
    async (c) => c.json(await getPostingFilters(p)),
  )

  // The home page content (FAQ, statistics, testimonials, logos, postings): spec §3, public.
  app.route('/general-data', contentRoutes(p))
  app.route('/contact', contactRoutes(p))

  return app
}
