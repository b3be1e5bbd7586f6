import type { RouteConfigEntry } from '@react-router/dev/routes'

/** The public site (issue: home, contact, companies, FAQ, terms, complaints): children of the public layout. */
export const publicSiteRoutes: RouteConfigEntry[] = []
