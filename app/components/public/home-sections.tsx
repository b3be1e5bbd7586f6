import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/button'

const REQUIREMENTS = [
  'Ser mayor de 18 años.',
  'Licencia de conducir chilena vigente.',
  'Iniciación de actividades ante el SII.',
  'Si eres extranjero, contar con visa definitiva.',
  'Vehículo aceptado: bicicleta, moto, auto, furgón (700 a 1.500 kg) o camión (1.500 a 16.000 kg).',
]

const BENEFITS = [
  {
    title: 'Entregas por sector',
    text: 'Rutas micro-sectorizadas, normalmente dentro de una misma comuna: menos kilómetros, más entregas.',
    icon: 'M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z',
  },
  {
    title: 'Gana más',
    text: 'Te pagamos dentro de 48 horas después de enviar tu producción y emitir tu boleta o factura.',
    icon: 'M3 6h18v12H3zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM6 9v.01M18 15v.01',
  },
  {
    title: 'Elige AM o PM',
    text: 'Trabaja en el turno de la mañana o de la tarde, según tu tiempo.',
    icon: 'M12 6v6l4 2M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
  },
]

const SERVICES = [
  { title: 'Servicio a demanda', text: 'Conductores validados cuando los necesitas: peaks, campañas o rutas nuevas.' },
  {
    title: 'Simplifica tu operación',
    text: 'Revisamos documentos y vehículos; tú publicas la ruta y eliges a quién asignar.',
  },
  { title: 'Reduce costos', text: 'Sin flota propia ni contratos fijos: pagas por la producción de cada ruta.' },
]

function Icon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-7 w-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  )
}

/**
 * On a phone the hero is one screen: the promise, the two ways in, and the requirements folded
 * (a native <details>, no JS); on wide screens the requirements card stands beside it, open.
 */
export function Hero({ signupUrl }: { signupUrl: string }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-5 px-4 py-6 sm:px-6 lg:grid-cols-2 lg:gap-10 lg:py-20">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            Conduce con Fleeters y gana más con tus rutas
          </h1>
          <p className="mt-3 text-slate-700 sm:mt-4 sm:text-lg">
            Conectamos conductores independientes de última milla con empresas que necesitan mover su carga.
            {/* On a phone the benefits below say it. */}
            <span className="max-sm:hidden">
              {' '}
              Elige turno AM o PM y reparte en rutas micro-sectorizadas, normalmente dentro de una misma comuna.
            </span>
          </p>
          <div className="mt-6 flex gap-3 sm:mt-8">
            <a
              href={signupUrl}
              className={buttonClass(
                'accent',
                'flex-1 px-3 py-3 text-base font-bold whitespace-nowrap shadow sm:flex-none sm:px-6 sm:text-lg',
              )}
            >
              Quiero conducir
            </a>
            <Link
              to="/empresas"
              className={buttonClass(
                'outline',
                'flex-1 border-2 px-3 py-3 text-base whitespace-nowrap sm:flex-none sm:px-6 sm:text-lg',
              )}
            >
              Soy empresa
            </Link>
          </div>
          <p className="mt-3 text-sm text-slate-600 sm:mt-4">
            Servicio disponible en la Región Metropolitana, con expansión planificada.
          </p>
        </div>
        {/* From 1024 px the requirements show whatever the toggle says, where ::details-content exists. */}
        <details
          className={
            'group self-start rounded-2xl border border-slate-200 bg-white shadow-sm ' +
            'lg:[&::details-content]:contents lg:[&::details-content]:[content-visibility:visible]'
          }
        >
          <summary
            className={
              'flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-3 ' +
              'lg:px-6 lg:pt-6 lg:pb-0 supports-[selector(::details-content)]:lg:pointer-events-none ' +
              '[&::-webkit-details-marker]:hidden'
            }
          >
            <h2 id="requisitos" className="text-lg font-bold text-slate-900 lg:text-xl">
              Requisitos para ser Fleeter
            </h2>
            <span
              aria-hidden="true"
              className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45 lg:hidden"
            >
              +
            </span>
          </summary>
          <div className="px-5 pb-5 lg:px-6 lg:pb-6">
            <ul className="mt-2 space-y-3 lg:mt-4">
              {REQUIREMENTS.map((r) => (
                <li key={r} className="flex gap-3 text-slate-800">
                  <span aria-hidden="true" className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-accent-500" />
                  {r}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-slate-700">
              Recibes tu pago dentro de 48 horas después de enviar tu producción y emitir tu boleta de honorarios o
              factura.
            </p>
          </div>
        </details>
      </div>
    </section>
  )
}

export function Benefits() {
  return (
    <section aria-labelledby="beneficios" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-16">
      <h2 id="beneficios" className="text-xl font-bold text-slate-900 sm:text-3xl md:text-center">
        ¿Por qué ser Fleeter?
      </h2>
      <ul className="mt-5 grid gap-5 md:mt-10 md:grid-cols-3 md:gap-6">
        {BENEFITS.map((b) => (
          <li
            key={b.title}
            className="flex gap-4 md:block md:rounded-2xl md:border md:border-slate-200 md:bg-white md:p-6 md:shadow-sm"
          >
            <span
              className={
                'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 ' +
                'text-brand-700 md:h-12 md:w-12'
              }
            >
              <Icon path={b.icon} />
            </span>
            <div>
              <h3 className="font-bold text-slate-900 md:mt-4 md:text-lg">{b.title}</h3>
              <p className="mt-0.5 text-sm text-slate-700 md:mt-2 md:text-base">{b.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function BusinessServices() {
  return (
    <section aria-labelledby="empresas" className="bg-slate-50 py-6 md:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="empresas" className="text-xl font-bold text-slate-900 sm:text-3xl md:text-center">
          Soluciones para empresas
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-700 md:mx-auto md:mt-3 md:text-center md:text-base">
          Mueve tu carga con conductores independientes validados, sin flota propia.
        </p>
        <ul className="mt-4 grid gap-3 md:mt-10 md:grid-cols-3 md:gap-6">
          {SERVICES.map((s) => (
            <li
              key={s.title}
              className={
                'border-l-4 border-brand-600 pl-4 md:rounded-2xl md:border md:border-slate-200 md:bg-white ' +
                'md:p-6 md:shadow-sm'
              }
            >
              <h3 className="font-bold text-brand-900 md:text-lg">{s.title}</h3>
              <p className="mt-0.5 text-sm text-slate-700 md:mt-2 md:text-base">{s.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 md:mt-8 md:text-center">
          <Link
            to="/empresas"
            className={buttonClass(
              'outline',
              'w-full justify-center border-2 px-4 py-2.5 text-center text-base sm:w-auto sm:px-6 sm:py-3',
            )}
          >
            Conoce los servicios para empresas
          </Link>
        </p>
      </div>
    </section>
  )
}
