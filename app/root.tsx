import { data, isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { buttonClass } from '#app/components/ui/button'
import { Toast } from '#app/components/ui/toast'
import type { Route } from './+types/root'
import { publicEnv } from './.server/env'
import { getSession } from './.server/session'
import { readToast } from './.server/toast'
import appCss from './app.css?url'
import { NotFound } from './components/not-found'
import { ScriptsAfterPaint } from './components/scripts-after-paint'

/**
 * The stylesheet as a React 19 stylesheet resource (`precedence`): React writes it at the top of
 * the head, before the title, the meta tags and the ~15 `modulepreload` links of <Scripts/>, so
 * the browser asks for the only render-blocking file first. A plain
 * `import './app.css'` is listed after the preloads and waits behind them on a slow connection.
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: appCss, precedence: 'default' }]

export async function loader({ request }: Route.LoaderArgs) {
  const [session, { toast, clear }] = await Promise.all([getSession(request), readToast(request)])
  return data(
    {
      user: session
        ? {
            role: session.user.role,
            firstname: session.user.firstname,
            lastname: session.user.lastname,
            img_profile: session.user.img_profile,
          }
        : null,
      toast,
      env: publicEnv(),
    },
    clear ? { headers: { 'Set-Cookie': clear } } : undefined,
  )
}

export type RootData = Awaited<ReturnType<typeof loader>>['data']

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const hydrated = useHydrated()
  return (
    <html lang="es-CL">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#124a9c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen" data-hydrated={hydrated ? '' : undefined}>
        {children}
        {rootData?.toast ? <Toast toast={rootData.toast} /> : null}
        <ScrollRestoration />
        <ScriptsAfterPaint />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const detail = isRouteErrorResponse(error) ? `${error.status}` : null
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <main
      className={
        'mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 ' + 'px-4 py-16 text-center'
      }
    >
      <title>Ocurrió un error | Fleeters</title>
      <h1 className="text-2xl font-bold text-slate-900">Ocurrió un error</h1>
      <p className="text-slate-700">
        Lo sentimos, algo salió mal al cargar esta página. Intenta nuevamente en unos momentos.
      </p>
      {detail ? <p className="text-sm text-slate-600">Código: {detail}</p> : null}
      <a href="/" className={buttonClass('primary', 'px-4 py-2 text-base')}>
        Volver al inicio
      </a>
    </main>
  )
}
