import { index, route, type RouteConfigEntry } from '@react-router/dev/routes'

/** The driver area (documents, profile, experience, bank details): children of /user/dashboard. */
export const driverAreaRoutes: RouteConfigEntry[] = [
  route('settings', 'routes/user/settings/layout.tsx', [
    index('routes/user/settings/profile.tsx'),
    route('seguridad', 'routes/user/settings/security.tsx'),
    route('banco-detalles', 'routes/user/settings/bank-details.tsx'),
  ]),
  route('archivos/:id', 'routes/user/files.$id.ts'),
  route('foto/:id', 'routes/user/photo.$id.ts'),
]
