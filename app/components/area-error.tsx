import { isRouteErrorResponse, Link, useLocation } from 'react-router'
import { buttonClass } from '#app/components/ui/button'

/**
 * What a page of the driver, company or console area shows when its loader or action fails: the
 * area's layout (navigation, session) stays around it, so the person can go on elsewhere.
 */
export function AreaError({ error, home }: { error: unknown; home: string }) {
  const location = useLocation()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  // A page the person's role may not open (a console «revisor» on content; decision 77): said plainly.
  const forbidden = isRouteErrorResponse(error) && error.status === 403
  if (!isRouteErrorResponse(error)) console.error(error)
  if (forbidden) {
    const message = typeof error.data === 'object' && error.data && 'message' in error.data ? String(error.data.message) : 'No tienes permiso para ver esta página.'
    return (
      <section aria-labelledby="area-error-title" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
        <title>Sin permiso | Fleeters</title>
        <h1 id="area-error-title" className="text-2xl font-bold text-slate-900">
          Sin permiso
        </h1>
        <p className="text-slate-700">{message}</p>
        <Link to={home} className={buttonClass('outline', 'min-h-11 px-4 py-2 text-base')}>
          Volver al inicio del panel
        </Link>
      </section>
    )
  }
  return (
    <section aria-labelledby="area-error-title" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center">
      <title>{notFound ? 'Página no encontrada | Fleeters' : 'Ocurrió un error | Fleeters'}</title>
      <h1 id="area-error-title" className="text-2xl font-bold text-slate-900">
        {notFound ? 'Página no encontrada' : 'Ocurrió un error'}
      </h1>
      <p className="text-slate-700">
        {notFound ? 'Lo sentimos, no pudimos encontrar la página que estás buscando.' : 'Lo sentimos, algo salió mal al cargar esta página. Intenta nuevamente en unos momentos.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {notFound ? null : (
          <Link to={`${location.pathname}${location.search}`} reloadDocument className={buttonClass('primary', 'min-h-11 px-4 py-2 text-base')}>
            Intentar nuevamente
          </Link>
        )}
        <Link to={home} className={buttonClass('outline', 'min-h-11 px-4 py-2 text-base')}>
          Volver al inicio del panel
        </Link>
      </div>
    </section>
  )
}
