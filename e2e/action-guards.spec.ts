import type { APIRequestContext, APIResponse } from '@playwright/test'
import { newDriver } from './driver-session'
import { expect, test } from './fixtures'
import { apiCompany, uiLogin } from './marketplace-support'

/**
 * Every action of a signed-in area checks its caller before it reads the form. React Router runs a
 * route's action before any loader, so a layout's guard does not cover it: an action without its
 * own guard would answer anyone who posts to its data URL. The routes come from the client
 * manifest the build ships (every route with an action), so a new page joins this test by existing;
 * a resource route (no component: an upload route, «Invitar a postular») is posted to at its own URL,
 * as a plain form or the upload's XMLHttpRequest does.
 */

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  hasAction: boolean
  hasDefaultExport: boolean
}

const AREAS = ['user', 'business', 'admin'] as const
type Area = (typeof AREAS)[number]

/** Each area's routes with an action, as data URLs or resource routes' URLs (`:id` and the like as 1). */
async function actionUrls(request: APIRequestContext): Promise<Record<Area, string[]>> {
  const html = await (await request.get('/')).text()
  const manifestPath = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0]
  expect(manifestPath, 'the page names its route manifest').toBeTruthy()
  const source = await (await request.get(manifestPath!)).text()
  const routes = (
    JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as {
      routes: Record<string, ManifestRoute>
    }
  ).routes
  const fullPath = (route: ManifestRoute): string => {
    const parent = route.parentId ? fullPath(routes[route.parentId]!) : ''
    return [parent, route.path ?? ''].filter(Boolean).join('/')
  }
  const urls: Record<Area, string[]> = { user: [], business: [], admin: [] }
  for (const route of Object.values(routes)) {
    if (!route.hasAction) continue
    const path = `/${fullPath(route)}`.replace(/\/+/g, '/').replace(/\/:[\w]+\??/g, '/1')
    const area = AREAS.find((a) => path.startsWith(`/${a}/`))
    if (area) urls[area].push(route.hasDefaultExport ? `${path}.data${route.index ? '?index' : ''}` : path)
  }
  return urls
}

/** Where an answer sends the caller, if it is a redirect. */
function redirectOf(res: APIResponse, body: string): string | undefined {
  // React Router answers a data request's redirect with 202 and the target in its stream.
  if (res.status() === 202) return /"redirect","([^"]+)"/.exec(body)?.[1]
  // A resource route answers an HTTP redirect; an upload route names it in its JSON (app/.server/upload-reply.ts).
  if (res.status() >= 300 && res.status() < 400) return res.headers()['location']
  if (res.headers()['x-upload-reply']) return (JSON.parse(body) as { redirect?: string }).redirect
  return undefined
}

/**
 * Posts a form with an intent to an action's URL; returns where the answer sends the caller, or its
 * status when it is a refusal. Anything else means the action ran.
 */
async function answerTo(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.post(url, { form: { intent: 'x' }, maxRedirects: 0 })
  if ([401, 403, 404, 405].includes(res.status())) return String(res.status())
  const body = await res.text()
  const target = redirectOf(res, body)
  return target ? `→ ${target.split('?')[0]}` : `ran: ${res.status()} ${body.slice(0, 120)}`
}

// Another role's area sends the caller to their own home (the console, to the site's home).
test.describe('the actions of the signed-in areas', () => {
  test.skip(({ jsEnabled }) => !jsEnabled, 'requests only, no page: once is enough')

  test('refuse a visitor without a session: each sends to the login', async ({ request }) => {
    const urls = await actionUrls(request)
    expect(urls.user.length + urls.business.length + urls.admin.length).toBeGreaterThan(25)
    // The upload routes, beside their pages, among them.
    expect(urls.user).toEqual(
      expect.arrayContaining(['/user/dashboard/home/subida', '/user/dashboard/settings/subida']),
    )
    expect(urls.admin).toContain('/admin/contenido/subida')
    for (const url of [...urls.user, ...urls.business, ...urls.admin]) {
      expect(await answerTo(request, url), url).toBe('→ /login')
    }
  })

  test('refuse a driver in the company area and the console', async ({ page }) => {
    test.setTimeout(120_000)
    await newDriver(page)
    const urls = await actionUrls(page.request)
    for (const url of [...urls.business, ...urls.admin]) {
      expect(await answerTo(page.request, url), url).toMatch(/^(→ \/user\/dashboard\/home|→ \/|→ \/login|401|403|404)$/)
    }
  })

  test('refuse a company in the driver area and the console', async ({ page }) => {
    test.setTimeout(120_000)
    const company = await apiCompany(page.request)
    await uiLogin(page, company.email, company.password, /\/business\/dashboard$/)
    const urls = await actionUrls(page.request)
    for (const url of [...urls.user, ...urls.admin]) {
      expect(await answerTo(page.request, url), url).toMatch(/^(→ \/business\/dashboard|→ \/|→ \/login|401|403|404)$/)
    }
  })
})
