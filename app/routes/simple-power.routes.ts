import { route, type RouteConfigEntry } from '@react-router/dev/routes'

/** The simple power of attorney: the public form of spec §2 (public layout). */
export const simplePowerPublicRoutes: RouteConfigEntry[] = [route('crear-poder-simple', 'routes/power/create-power.tsx')]

/** Where the driver issues the link (children of /user/dashboard). */
export const simplePowerDriverRoutes: RouteConfigEntry[] = [route('poder-simple', 'routes/user/power-link.tsx')]
