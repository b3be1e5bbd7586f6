import type { RouteConfigEntry } from '@react-router/dev/routes'

/** The job marketplace. Public pages (children of the public layout, e.g. /empresas/registro). */
export const marketplacePublicRoutes: RouteConfigEntry[] = []
/** Driver postings pages: children of /user/dashboard. */
export const marketplaceDriverRoutes: RouteConfigEntry[] = []
/** The company area, /business/dashboard/*, with its own layout (top-level entries). */
export const marketplaceBusinessRoutes: RouteConfigEntry[] = []
