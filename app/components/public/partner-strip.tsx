export interface PartnerLogo {
  id: number
  img_logo: string
  name: string | null
}

function Logos({ logos, copy }: { logos: PartnerLogo[]; copy?: boolean }) {
  return (
    <ul className={`flex shrink-0 items-center ${copy ? 'partner-copy' : ''}`} aria-hidden={copy || undefined}>
      {logos.map((logo) => (
        <li key={logo.id} className="px-4 sm:px-10">
          <img
            src={logo.img_logo}
            alt={copy ? '' : (logo.name ?? 'Empresa asociada')}
            width={200}
            height={64}
            loading="lazy"
            decoding="async"
            className="h-12 w-auto sm:h-14"
          />
        </li>
      ))}
    </ul>
  )
}

/**
 * Company logos scrolling sideways (spec §2). No JS: a CSS animation, stopped by hover, focus,
 * the checkbox (WCAG 2.2.2) or prefers-reduced-motion, which also shows the list wrapped.
 */
export function PartnerStrip({ logos }: { logos: PartnerLogo[] }) {
  if (!logos.length) return null
  return (
    <section
      aria-labelledby="empresas-confian"
      className="partner-strip border-y border-slate-200 bg-white py-6 md:py-8"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 sm:px-6">
        <h2 id="empresas-confian" className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Empresas que confían en Fleeters
        </h2>
        <label className="partner-pause-control flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="partner-pause h-4 w-4 rounded border-slate-400" />
          Detener animación
        </label>
      </div>
      <div className="partner-viewport mt-4 overflow-hidden">
        <div className="partner-track">
          <Logos logos={logos} />
          <Logos logos={logos} copy />
        </div>
      </div>
    </section>
  )
}
