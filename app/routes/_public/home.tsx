import { Link } from 'react-router'
import { useRootData } from '../../root'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => [
  { title: 'Fleeters | Conductores de última milla para empresas en Chile' },
  {
    name: 'description',
    content: 'Trabaja como conductor independiente de última milla en la Región Metropolitana o encuentra conductores validados para mover la carga de tu empresa.',
  },
]

const REQUIREMENTS = [
  'Ser mayor de 18 años.',
  'Licencia de conducir chilena vigente.',
  'Iniciación de actividades ante el SII.',
  'Si eres extranjero, contar con visa definitiva.',
  'Vehículo aceptado: bicicleta, moto, auto, furgón (700 a 1.500 kg) o camión (1.500 a 16.000 kg).',
]

export default function Home() {
  const signupUrl = useRootData()?.env.signupUrl ?? '/register'
  return (
    <main id="contenido">
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">Conduce con Fleeters y gana más con tus rutas</h1>
            <p className="mt-4 text-lg text-slate-700">
              Conectamos conductores independientes de última milla con empresas que necesitan mover su carga. Elige turno AM o PM y reparte en rutas
              micro-sectorizadas, normalmente dentro de una misma comuna.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href={signupUrl} className="rounded-md bg-accent-400 px-6 py-3 text-lg font-bold text-slate-900 shadow hover:bg-accent-500">
                Quiero conducir
              </a>
              <Link to="/empresas" className="rounded-md border-2 border-brand-700 px-6 py-3 text-lg font-semibold text-brand-700 hover:bg-brand-50">
                Soy empresa
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">Servicio disponible en la Región Metropolitana, con expansión planificada.</p>
          </div>
          <section aria-labelledby="requisitos" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="requisitos" className="text-xl font-bold text-slate-900">Requisitos para ser Fleeter</h2>
            <ul className="mt-4 space-y-3">
              {REQUIREMENTS.map((r) => (
                <li key={r} className="flex gap-3 text-slate-800">
                  <span aria-hidden="true" className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-accent-500" />
                  {r}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm text-slate-700">Recibes tu pago dentro de 48 horas después de enviar tu producción y emitir tu boleta de honorarios o factura.</p>
          </section>
        </div>
      </section>
    </main>
  )
}
