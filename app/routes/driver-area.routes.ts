import type { RouteConfigEntry } from '@react-router/dev/routes'

/** The driver area (documents, profile, experience, bank details): children of /user/dashboard. */
export const driverAreaRoutes: RouteConfigEntry[] = []
