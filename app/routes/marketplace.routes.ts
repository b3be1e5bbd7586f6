import { index, route, type RouteConfigEntry } from '@react-router/dev/routes'

/** The job marketplace. Public pages (children of the public layout). */
export const marketplacePublicRoutes: RouteConfigEntry[] = [
  route('empresas/registro', 'routes/marketplace/company-register.tsx'),
  // Regions of a zone and communes of a region, for the cascading selects' fetchers.
  route('ubicaciones', 'routes/marketplace/places.ts'),
]

/** Driver postings pages: children of /user/dashboard. */
export const marketplaceDriverRoutes: RouteConfigEntry[] = [
  route('job-postings', 'routes/marketplace/driver-postings.tsx'),
  route('job-postings/guardadas', 'routes/marketplace/driver-saved.tsx'),
  route('job-postings/postuladas', 'routes/marketplace/driver-applied.tsx'),
  route('job-postings/detalle/:id', 'routes/marketplace/driver-posting-detail.ts'),
]

/** The company area, /business/dashboard/*, with its own layout (top-level entries). */
export const marketplaceBusinessRoutes: RouteConfigEntry[] = [
  route('business/dashboard', 'routes/business/layout.tsx', [
    index('routes/business/postings.tsx'),
    route('publicaciones/:id', 'routes/business/applicants.tsx'),
    route('conductores/:id', 'routes/business/driver-profile.tsx'),
    route('conductores/:id/foto', 'routes/business/driver-photo.ts'),
    route('*', 'routes/business/not-found.tsx'),
  ]),
]
