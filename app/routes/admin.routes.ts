import { index, route, type RouteConfigEntry } from '@react-router/dev/routes'

/** The operations console (issue 7): /admin/*, its own layout, admin sessions only. */
export const adminRoutes: RouteConfigEntry[] = [
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/home.tsx'),
    route('documentos', 'routes/admin/documents.tsx'),
    route('documentos/:id', 'routes/admin/document.tsx'),
    route('archivos/:id', 'routes/admin/file.$id.ts'),
    route('poderes/:id/cedula/:lado', 'routes/admin/power-id-image.ts'),
    route('conductores', 'routes/admin/drivers.tsx'),
    route('conductores/:id', 'routes/admin/driver.tsx'),
    route('empresas', 'routes/admin/companies.tsx'),
    route('empresas/:id', 'routes/admin/company.tsx'),
    route('contenido', 'routes/admin/content.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
]
