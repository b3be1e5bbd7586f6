import { route, type RouteConfigEntry } from '@react-router/dev/routes'

/** The public site (issue: home, contact, companies, FAQ, terms, complaints): children of the public layout. */
export const publicSiteRoutes: RouteConfigEntry[] = [
  route('contacto', 'routes/_public/contacto.tsx'),
  route('empresas', 'routes/_public/empresas.tsx'),
  route('empresas/ubicaciones', 'routes/_public/empresas-ubicaciones.ts'),
  route('preguntas-frecuentes', 'routes/_public/preguntas-frecuentes.tsx'),
  route('terminos-condiciones', 'routes/_public/terminos-condiciones.tsx'),
  route('ayuda', 'routes/_public/ayuda.tsx'),
  route('sitemap.xml', 'routes/_seo/sitemap.ts'),
]
