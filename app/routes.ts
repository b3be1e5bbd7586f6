import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'
import { adminRoutes } from './routes/admin.routes'
import { driverAreaRoutes } from './routes/driver-area.routes'
import { marketplaceBusinessRoutes, marketplaceDriverRoutes, marketplacePublicRoutes } from './routes/marketplace.routes'
import { publicSiteRoutes } from './routes/public-site.routes'
import { simplePowerDriverRoutes, simplePowerPublicRoutes } from './routes/simple-power.routes'

/**
 * Every URL of the product (spec §2). Each product area lists its own routes in
 * routes/*.routes.ts; the layouts and the not-found catch-alls live here.
 */
export default [
  layout('routes/_public/layout.tsx', [
    index('routes/_public/home.tsx'),
    route('register', 'routes/_auth/register.tsx'),
    route('login', 'routes/_auth/login.tsx'),
    route('login/recuperar', 'routes/_auth/forgot-password.tsx'),
    route('login/restablecer', 'routes/_auth/reset-password.tsx'),
    ...publicSiteRoutes,
    ...marketplacePublicRoutes,
    ...simplePowerPublicRoutes,
    route('*', 'routes/_public/not-found.tsx'),
  ]),
  route('logout', 'routes/_auth/logout.tsx'),
  route('user/dashboard', 'routes/user/layout.tsx', [
    route('home', 'routes/user/home.tsx'),
    ...driverAreaRoutes,
    ...marketplaceDriverRoutes,
    ...simplePowerDriverRoutes,
    route('*', 'routes/user/not-found.tsx'),
  ]),
  ...marketplaceBusinessRoutes,
  ...adminRoutes,
  route('robots.txt', 'routes/_seo/robots.ts'),
  // Only in the benchmark's own build (scripts/bench-home.ts).
  ...(process.env.BENCH_ROUTES === '1' ? [route('__bench/bare', 'routes/_bench/bare.tsx')] : []),
] satisfies RouteConfig
