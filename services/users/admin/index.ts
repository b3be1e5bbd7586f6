import { z } from 'zod'
import { adminSummarySchema, auditEntrySchema } from '#domain/contract/admin'
import type { AuthEnv } from '#services/platform/auth'
import { defineRoute, errors, jsonResponse, OpenAPIHono } from '#services/platform/contract'
import type { Platform } from '#services/platform/platform'
import { countValidatedDrivers } from '#services/shared/validated-drivers'
import { auditEntries } from './audit-names'
import { adminCompanyRoutes } from './companies'
import { adminContentRoutes } from './content'
import { adminDataViewRoutes } from './data-views'
import { adminDocumentRoutes } from './documents'
import { adminDriverRoutes } from './drivers'
import { adminMessageRoutes } from './messages'
import { adminOperationsRoutes } from './operations'
import { adminPerformanceRoutes } from './performance'
import { adminPowerRoutes } from './powers'
// Privacy requests with their legal deadline (decision 75)
import { adminPrivacyRequestRoutes } from './privacy-requests'
import { queueCounts } from './queue'
// The periodic jobs' state (decision 81)
import { adminScheduledJobRoutes } from './scheduled-jobs'
import { requireAdmin, requireAdministrador } from './shared'
import { adminStaffRoutes } from './staff'

/** The public statistic the seed writes for validated drivers (services/platform/seed/content.ts). */
const DRIVERS_STATISTIC_KEY = 'drivers'

/**
 * The operations console's calls (mounted at /admin by the users service). Every route needs a
 * live `admin` session in `auth-admin`: drivers and companies get 403, anonymous callers 401.
 */
export function adminRoutes(p: Platform) {
  const app = new OpenAPIHono<AuthEnv>()
  const tags = ['Consola']
  app.use('*', requireAdmin(p))
  // Roles (decision 77): a «revisor» reviews documents, powers and drivers; everything else is
  // for an «administrador» (403 {message} to a revisor).
  for (const path of [
    '/audit',
    '/companies',
    '/companies/*',
    '/postings/*',
    '/content',
    '/content/*',
    '/staff',
    '/staff/*',
    '/privacy-requests',
    '/privacy-requests/*',
    // Conversations between companies and drivers (decision 105)
    '/applications/*',
  ]) {
    app.use(path, requireAdministrador(p))
  }
  for (const path of ['/operations', '/operations/*']) app.use(path, requireAdministrador(p))
  // «Rendimiento»: the team's review figures (decision 92).
  app.use('/performance', requireAdministrador(p))
  // The periodic jobs' state and «Ejecutar ahora» (decision 81).
  for (const path of ['/scheduled-jobs', '/scheduled-jobs/*']) app.use(path, requireAdministrador(p))

  defineRoute(
    app,
    {
      method: 'get',
      path: '/summary',
      operationId: 'getConsoleSummary',
      tags,
      summary: 'Cifras del inicio de la consola',
      responses: { 200: jsonResponse(adminSummarySchema, 'Resumen'), ...errors(401, 403) },
    },
    async (c) => {
      const [queue, drivers, companies, validated] = await Promise.all([
        // The queue's own counts (documents.ts): the home shows the figures the queue shows.
        queueCounts(p.db, p.columns, {}, p.now()),
        p.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('role', '=', 'User')
          .executeTakeFirstOrThrow(),
        p.db
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow(),
        countValidatedDrivers(p.db, p.now()),
      ])
      const statistics = await p.db
        .selectFrom('statistics')
        .select(['id', 'title', 'value', 'source'])
        .where((eb) => eb.or([eb('key', '=', DRIVERS_STATISTIC_KEY), eb('source', '=', 'validated_drivers')]))
        .orderBy('position')
        .orderBy('id')
        .execute()
      return c.json({
        pending_documents: queue.late + queue.due_today + queue.on_time,
        queue,
        drivers: Number(drivers.n),
        companies: Number(companies.n),
        validated_drivers: validated,
        driver_statistics: statistics.map((s) => ({
          ...s,
          source: s.source === 'validated_drivers' ? ('validated_drivers' as const) : ('manual' as const),
        })),
      })
    },
  )

  defineRoute(
    app,
    {
      method: 'get',
      path: '/audit',
      operationId: 'listAuditActions',
      tags,
      summary: 'Las últimas 100 acciones de la consola',
      responses: { 200: jsonResponse(z.array(auditEntrySchema), 'Registro de auditoría'), ...errors(401, 403) },
    },
    async (c) => {
      const rows = await p.db.selectFrom('admin_audit_log').selectAll().orderBy('id', 'desc').limit(100).execute()
      return c.json(await auditEntries(p.db, rows))
    },
  )

  app.route('/', adminDocumentRoutes(p))
  app.route('/', adminDriverRoutes(p))
  app.route('/', adminCompanyRoutes(p))
  app.route('/', adminContentRoutes(p))
  app.route('/', adminPowerRoutes(p))
  // Privacy requests (Ley 21.719, decision 75)
  app.route('/', adminPrivacyRequestRoutes(p))
  // Views of drivers' sensitive items (decision 78)
  app.route('/', adminDataViewRoutes(p))
  app.route('/', adminStaffRoutes(p))
  // «Operación»: health and the outbox's backlog, with a retry for failed messages
  app.route('/', adminOperationsRoutes(p))
  app.route('/', adminScheduledJobRoutes(p))
  app.route('/', adminPerformanceRoutes(p))
  app.route('/', adminMessageRoutes(p))
  return app
}
