import { PUBLIC_PAGES } from '#app/components/public/page'
import { siteOrigin } from '#app/routes/_public/site.server'
import type { Route } from './+types/sitemap'

/** GET /sitemap.xml: the public pages (robots.txt points here). */
export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request)
  const urls = PUBLIC_PAGES.map(
    (path) => `  <url><loc>${origin}${path}</loc><changefreq>${path === '/' ? 'daily' : 'monthly'}</changefreq></url>`,
  )
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
