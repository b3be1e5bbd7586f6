import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/button'

/** Spec §2: any unknown path. */
export function NotFound() {
  return (
    <main
      id="contenido"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <title>Página no encontrada | Fleeters</title>
      <p className="text-6xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold text-slate-900">Página no encontrada</h1>
      <p className="text-slate-700">Lo sentimos, no pudimos encontrar la página que estás buscando.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary', 'px-4 py-2 text-base')}>
          Ir al inicio
        </Link>
        <Link to="/contacto" className={buttonClass('outline', 'px-4 py-2 text-base')}>
          Contáctanos
        </Link>
      </div>
    </main>
  )
}
