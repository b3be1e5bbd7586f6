/** What every public page shares: its head (SEO) and the band under the navbar. */
/** The public pages' head: title, description, canonical URL and Open Graph (es_CL). */
export interface SeoInput {
  title: string
  description: string
  /** Absolute origin (PUBLIC_URL or the request's), from the loader. */
  origin?: string
  path: string
}

export function seoMeta({ title, description, origin, path }: SeoInput) {
  const url = origin ? `${origin}${path}` : undefined
  return [
    { title },
    { name: 'description', content: description },
    ...(url
      ? [
          { tagName: 'link', rel: 'canonical', href: url },
          { property: 'og:url', content: url },
        ]
      : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Fleeters' },
    { property: 'og:locale', content: 'es_CL' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { name: 'twitter:card', content: 'summary' },
  ]
}

/** The public pages listed in sitemap.xml (the company registration page is the marketplace's). */
export const PUBLIC_PAGES = [
  '/',
  '/empresas',
  '/contacto',
  '/preguntas-frecuentes',
  '/ayuda',
  '/terminos-condiciones',
  '/privacidad',
] as const

/** The band at the top of every public page except home. */
export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: React.ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-5xl px-4 pt-12 pb-8 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-3 max-w-2xl text-lg text-slate-700">{intro}</p> : null}
        {children}
      </div>
    </div>
  )
}
