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

export function Hero({ signupUrl }: { signupUrl: string }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:py-20">
        <div>
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            Conduce con Fleeters y gana más con tus rutas
          </h1>
          <p className="mt-4 text-lg text-slate-700">
            Conectamos conductores independientes de última milla con empresas que necesitan mover su carga. Elige turno
            AM o PM y reparte en rutas micro-sectorizadas, normalmente dentro de una misma comuna.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href={signupUrl} className={buttonClass('accent', 'px-6 py-3 text-lg font-bold shadow')}>
              Quiero conducir
            </a>
            <Link to="/empresas" className={buttonClass('outline', 'border-2 px-6 py-3 text-lg')}>
              Soy empresa
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Servicio disponible en la Región Metropolitana, con expansión planificada.
          </p>
        </div>
        <section aria-labelledby="requisitos" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="requisitos" className="text-xl font-bold text-slate-900">
            Requisitos para ser Fleeter
          </h2>
          <ul className="mt-4 space-y-3">
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
        </section>
      </div>
    </section>
  )
}

export function Benefits() {
  return (
    <section aria-labelledby="beneficios" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="beneficios" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
        ¿Por qué ser Fleeter?
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {BENEFITS.map((b) => (
          <li key={b.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon path={b.icon} />
            </span>
            <h3 className="mt-4 text-lg font-bold text-slate-900">{b.title}</h3>
            <p className="mt-2 text-slate-700">{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function BusinessServices() {
  return (
    <section aria-labelledby="empresas" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="empresas" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Soluciones para empresas
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
          Mueve tu carga con conductores independientes validados, sin flota propia.
        </p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-bold text-brand-900">{s.title}</h3>
              <p className="mt-2 text-slate-700">{s.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link to="/empresas" className={buttonClass('primary', 'px-6 py-3 text-base')}>
            Conoce los servicios para empresas
          </Link>
        </p>
      </div>
    </section>
  )
}
