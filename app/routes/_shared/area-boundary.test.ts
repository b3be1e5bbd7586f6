import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import routes from '#app/routes'
import AreaPages, { ErrorBoundary } from './area-boundary'

/** A page of a signed-in area that fails keeps the area's layout and navigation. */
describe('area error boundary', () => {
  it('renders a failing page inside the layout, which keeps its navigation', async () => {
    const tree = [
      {
        id: 'layout',
        path: '/user/dashboard',
        Component: () =>
          createElement(
            'div',
            null,
            createElement('nav', { 'aria-label': 'Panel del conductor' }, 'Publicaciones'),
            createElement(Outlet),
          ),
        children: [
          {
            id: 'driver-pages',
            Component: AreaPages,
            ErrorBoundary: ErrorBoundary as never,
            children: [
              {
                id: 'page',
                path: 'home',
                loader: () => {
                  throw new Error('el servicio no respondió')
                },
                Component: () => createElement('p', null, 'contenido'),
              },
            ],
          },
        ],
      },
    ]
    const handler = createStaticHandler(tree)
    const context = await handler.query(new Request('http://localhost/user/dashboard/home'))
    if (context instanceof Response) throw new Error('unexpected redirect')
    const errors = console.error
    console.error = () => {}
    const html = renderToString(
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }),
    )
    console.error = errors
    expect(context.statusCode).toBe(500)
    expect(html).toContain('aria-label="Panel del conductor"')
    expect(html).toContain('Ocurrió un error')
    expect(html).toContain('Intentar nuevamente')
    expect(html).toContain('href="/user/dashboard/home"')
    expect(html).not.toContain('contenido')
  })

  it('sits under the driver, company and console layouts in app/routes.ts, around every page', () => {
    for (const [layout, id] of [
      ['routes/user/layout.tsx', 'driver-pages'],
      ['routes/business/layout.tsx', 'company-pages'],
      ['routes/admin/layout.tsx', 'console-pages'],
    ] as const) {
      const area = routes.find((r) => r.file === layout)
      expect(area?.children?.map((c) => [c.file, c.id])).toEqual([['routes/_shared/area-boundary.tsx', id]])
      expect(area!.children![0]!.children!.length).toBeGreaterThan(3)
    }
  })
})
