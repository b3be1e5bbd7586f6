import { isRouteErrorResponse, Link, useLocation } from 'react-router'
import { buttonClass } from '#app/components/ui/button'

/**
 * What a page of the driver, company or console area shows when its loader or action fails: the
 * area's layout (navigation, session) stays around it, so the person can go on elsewhere.
 */
export function AreaError({ error, home }: { error: unknown; home: string }) {
  const location = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (!isRouteErrorResponse(error)) console.error(error)
  // 403: a page the person's role may not open (a console «revisor» on content; decision 77), with the
  // service's reason.
  const failed = 'Lo sentimos, algo salió mal al cargar esta página. Intenta nuevamente en unos momentos.'
  const [title, text] =
    status === 404
      ? ['Página no encontrada', 'Lo sentimos, no pudimos encontrar la página que estás buscando.']
      : status === 403
        ? [
            'Sin permiso',
            isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : failed,
          ]
        : ['Ocurrió un error', failed]
  return (
    <section
      aria-labelledby="area-error-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center"
    >
      <title>{`${title} | Fleeters`}</title>
      <h1 id="area-error-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="text-slate-700">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {status === 404 || status === 403 ? null : (
          <Link
            to={`${location.pathname}${location.search}`}
            reloadDocument
            className={buttonClass('primary', 'min-h-11 px-4 py-2 text-base')}
          >
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
