import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/**
 * Every page URL of the product (spec §2), in one place, grouped by who it is for (server.ts
 * answers /api/*, /healthz, /readyz and the static files before React Router). Each group's files
 * live in one folder: routes/_public (site, marketplace sign-up, the power form), routes/_auth,
 * routes/user (the driver area and its postings), routes/business (companies), routes/admin
 * (the console). Resource routes (files, photos, lookups) sit beside the pages that use them; a page
 * with file uploads has its upload route, `<page>/subida` (its own action answered as JSON for the
 * progress bar's XMLHttpRequest: app/components/upload/transfer.tsx).
 * The pages of each signed-in area sit under a pathless route (routes/_shared/area-boundary.tsx)
 * whose error boundary keeps the area's layout and navigation when a page fails.
 */
export default [
  layout('routes/_public/layout.tsx', [
    // Public site
    index('routes/_public/home.tsx'),
    route('contacto', 'routes/_public/contacto.tsx'),
    route('empresas', 'routes/_public/empresas.tsx'),
    route('empresas/ubicaciones', 'routes/_public/empresas-ubicaciones.ts'),
    route('preguntas-frecuentes', 'routes/_public/preguntas-frecuentes.tsx'),
    route('terminos-condiciones', 'routes/_public/terminos-condiciones.tsx'),
    route('privacidad', 'routes/_public/privacidad.tsx'),
    route('ayuda', 'routes/_public/ayuda.tsx'),
    route('sitemap.xml', 'routes/_seo/sitemap.ts'),
    // Auth
    route('register', 'routes/_auth/register.tsx'),
    route('login', 'routes/_auth/login.tsx'),
    route('login/recuperar', 'routes/_auth/forgot-password.tsx'),
    route('login/restablecer', 'routes/_auth/reset-password.tsx'),
    // Staff 2FA (decision 77): the second factor after the password; re-authentication; «Equipo»
    route('login/verificacion', 'routes/_auth/second-factor.tsx'),
    // Marketplace, public side: company sign-up; regions and communes for the cascading selects
    route('empresas/registro', 'routes/_public/company-register.tsx'),
    route('empresas/registro/subida', 'routes/_public/company-register-upload.ts'),
    route('ubicaciones', 'routes/_public/places.ts'),
    // Simple power: the vehicle owner's form, reached through the driver's signed link
    route('crear-poder-simple', 'routes/power/create-power.tsx'),
    route('crear-poder-simple/subida', 'routes/power/create-power-upload.ts'),
    route('*', 'routes/_public/not-found.tsx'),
  ]),
  route('logout', 'routes/_auth/logout.tsx'),

  // Driver area
  route('user/dashboard', 'routes/user/layout.tsx', [
    layout('routes/_shared/area-boundary.tsx', { id: 'driver-pages' }, [
      route('home', 'routes/user/home.tsx'),
      route('home/subida', 'routes/user/home-upload.ts'),
      route('settings', 'routes/user/settings/layout.tsx', [
        index('routes/user/settings/profile.tsx'),
        route('subida', 'routes/user/settings/profile-upload.ts'),
        route('seguridad', 'routes/user/settings/security.tsx'),
        route('banco-detalles', 'routes/user/settings/bank-details.tsx'),
        // «Mis datos» (Ley 21.719, decision 75)
        route('mis-datos', 'routes/user/settings/my-data.tsx'),
        // «Mis datos»: delete the account, pause the profile, opt out (decision 76)
        route('mis-datos/eliminar', 'routes/user/settings/delete-account.tsx'),
        route('mis-datos/pausar', 'routes/user/settings/pause-profile.tsx'),
        // «Quién vio mis datos» (Ley 21.719, decision 78)
        route('mis-datos/accesos', 'routes/user/settings/data-views.tsx'),
      ]),
      // «Mis datos»: an export's ZIP (decision 75)
      route('settings/mis-datos/copia/:id', 'routes/user/settings/my-data-export.$id.ts'),
      route('archivos/:id', 'routes/user/files.$id.ts'),
      route('foto/:id', 'routes/user/photo.$id.ts'),
      // Marketplace, driver side
      route('job-postings', 'routes/user/postings/driver-postings.tsx'),
      route('job-postings/guardadas', 'routes/user/postings/driver-saved.tsx'),
      route('job-postings/postuladas', 'routes/user/postings/driver-applied.tsx'),
      // A posting as a page, with whether the driver fits it (decision 102)
      route('job-postings/:id', 'routes/user/postings/driver-posting.tsx'),
      // Simple power: where the driver issues the owner's link
      route('poder-simple', 'routes/user/power-link.tsx'),
      // A new version of the terms or the privacy policy, accepted once (decision 74)
      route('aceptar-condiciones', 'routes/_shared/accept-documents.tsx', { id: 'driver-accept-documents' }),
      route('*', 'routes/user/not-found.tsx'),
    ]),
  ]),

  // Company area
  route('business/dashboard', 'routes/business/layout.tsx', [
    layout('routes/_shared/area-boundary.tsx', { id: 'company-pages' }, [
      index('routes/business/postings.tsx'),
      // The posting editor as a page, for a new posting and for a draft or a published one (decision 104)
      route('publicaciones/nueva', 'routes/business/posting-editor.tsx', { id: 'posting-new' }),
      route('publicaciones/:id/editar', 'routes/business/posting-editor.tsx', { id: 'posting-edit' }),
      route('publicaciones/:id', 'routes/business/applicants.tsx'),
      // «Invitar a postular»: the posting's matching drivers are invited (decision 106)
      route('publicaciones/:id/invitar', 'routes/business/invite-drivers.ts'),
      route('conductores/:id', 'routes/business/driver-profile.tsx'),
      route('conductores/:id/foto', 'routes/business/driver-photo.ts'),
      route('seguridad', 'routes/business/security.tsx'),
      // «Mis datos» (Ley 21.719, decision 75) and an export's ZIP
      route('mis-datos', 'routes/business/my-data.tsx'),
      route('mis-datos/copia/:id', 'routes/business/my-data-export.$id.ts'),
      // «Mis datos»: delete the account, opt out (decision 76)
      route('mis-datos/eliminar', 'routes/business/delete-account.tsx'),
      route('mis-datos/pausar', 'routes/business/opt-out.tsx'),
      route('aceptar-condiciones', 'routes/_shared/accept-documents.tsx', { id: 'company-accept-documents' }),
      route('*', 'routes/business/not-found.tsx'),
    ]),
  ]),

  // Operations console
  route('admin', 'routes/admin/layout.tsx', [
    layout('routes/_shared/area-boundary.tsx', { id: 'console-pages' }, [
      index('routes/admin/home.tsx'),
      route('documentos', 'routes/admin/documents.tsx'),
      route('documentos/:id', 'routes/admin/document.tsx'),
      route('archivos/:id', 'routes/admin/file.$id.ts'),
      route('archivos/:id/paginas/:page', 'routes/admin/file.$id.page.ts'),
      route('poderes/:id/cedula/:lado', 'routes/admin/power-id-image.ts'),
      route('conductores', 'routes/admin/drivers.tsx'),
      route('conductores/:id', 'routes/admin/driver.tsx'),
      // One driver's pending documents, one after the other, by keyboard (decision 90)
      route('conductores/:id/revisar', 'routes/admin/driver-review.tsx'),
      // An application's thread with the company, read-only (administradores; decision 108)
      route('conductores/:id/postulaciones/:application', 'routes/admin/application-thread.tsx'),
      route('empresas', 'routes/admin/companies.tsx'),
      route('empresas/:id', 'routes/admin/company.tsx'),
      route('contenido', 'routes/admin/content.tsx'),
      route('contenido/subida', 'routes/admin/content-upload.ts'),
      // Privacy requests with their legal deadline (Ley 21.719, decision 75)
      route('solicitudes', 'routes/admin/privacy-requests.tsx'),
      // Staff 2FA (decision 77): re-authentication before sensitive actions; «Equipo» (roles)
      route('confirmar', 'routes/admin/reauth.tsx'),
      route('equipo', 'routes/admin/team.tsx'),
      route('operacion', 'routes/admin/operations.tsx'),
      // The periodic jobs' state (decision 81)
      route('tareas', 'routes/admin/scheduled-jobs.tsx'),
      // The team's review figures (decision 92)
      route('rendimiento', 'routes/admin/performance.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),

  route('robots.txt', 'routes/_seo/robots.ts'),
] satisfies RouteConfig
