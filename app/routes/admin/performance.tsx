import { Link, useLoaderData } from 'react-router'
import { performanceApi } from '#app/.server/backend/performance'
import { required } from '#app/.server/responses'
import { LINK, PageHeader, Section } from '#app/components/admin/console'
import { formatDate, formatDecimal, formatInteger, formatPercent } from '#domain/format'
import { chileDayStart } from '#domain/schedule'
import type { PerformancePeriod } from '#domain/validation/performance'
import type { Route } from './+types/performance'
import { requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Rendimiento | Consola | Fleeters' }]

const PAGE = '/admin/rendimiento'
const TARGET_HOURS = 24

const hoursText = (h: number | null) => (h === null ? '—' : `${formatDecimal(h)} h`)

/**
 * «Rendimiento» (decision 92): the team's review figures over the last 7 or 30 days; administradores
 * only. Every text and number is written here, on the server: the page ships no formatter and no
 * chart code, its charts are SVG drawn in the HTML.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  const period: PerformancePeriod = new URL(request.url).searchParams.get('dias') === '30' ? '30' : '7'
  const f = await required(request, await performanceApi.get(context, session.token, period))
  const dayText = (day: string) => formatDate(chileDayStart(day))
  const scaleMax = Math.max(TARGET_HOURS, f.p90_hours ?? 0) * 1.1
  return {
    period,
    range: `Del ${dayText(f.days[0]!)} al ${dayText(f.days.at(-1)!)}`,
    decisions: formatInteger(f.decisions),
    median: hoursText(f.median_hours),
    p90: hoursText(f.p90_hours),
    // One decimal: 397 of 398 is 99,7 %, not a rounded 100 %.
    share: f.within_24h_share === null ? '—' : formatPercent(f.within_24h_share * 100, 1),
    shareValue: f.within_24h_share,
    within: `${formatInteger(f.within_24h)} de ${formatInteger(f.timed)}`,
    // The two times in words: what the markers say, for whoever reads rather than looks.
    reading:
      f.median_hours === null
        ? 'Sin decisiones en este periodo.'
        : `La mitad de las decisiones llegó en ${hoursText(f.median_hours)} hábiles o menos; ` +
          `nueve de cada diez, en ${hoursText(f.p90_hours)} o menos.`,
    lateNow: f.late_now,
    lateText: formatInteger(f.late_now),
    // The time scale, in percent of its width: the target, the median and the 90th percentile.
    scale: {
      max: `${formatInteger(Math.round(scaleMax))} h`,
      target: (TARGET_HOURS / scaleMax) * 100,
      median: f.median_hours === null ? null : (f.median_hours / scaleMax) * 100,
      p90: f.p90_hours === null ? null : (f.p90_hours / scaleMax) * 100,
    },
    days: f.days.map((day, i) => ({
      key: day,
      label: dayText(day).slice(0, 5),
      long: dayText(day),
      decisions: f.per_day[i] ?? 0,
      text: formatInteger(f.per_day[i] ?? 0),
    })),
    dayMax: formatInteger(Math.max(0, ...f.per_day)),
    reviewers: f.reviewers.map((r) => ({
      key: r.id === null ? `sin-cuenta-${r.name}` : String(r.id),
      name: r.name,
      total: formatInteger(r.decisions),
      perDay: r.per_day,
      perDayText: r.per_day.map(formatInteger),
    })),
  }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>

const REVIEWER_ROW =
  'grid grid-cols-[minmax(0,1fr)_auto] items-end gap-x-4 gap-y-1 py-3 sm:grid-cols-[12rem_4rem_minmax(0,1fr)]'
const CARD = 'rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4'

/** The two periods as links: the toggle works without JS and the URL says which one is shown. */
function PeriodSwitch({ period }: { period: PerformancePeriod }) {
  const option = (value: PerformancePeriod, label: string) => (
    <Link
      to={`${PAGE}?dias=${value}`}
      aria-current={period === value ? 'page' : undefined}
      className={
        'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-4 text-sm font-semibold ' +
        (period === value ? 'bg-slate-900 text-white' : 'text-slate-800 hover:bg-slate-100')
      }
    >
      {label}
    </Link>
  )
  return (
    <nav aria-label="Periodo" className="inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-1">
      {option('7', 'Últimos 7 días')}
      {option('30', 'Últimos 30 días')}
    </nav>
  )
}

function Figure({ label, value, note, tone }: { label: string; value: string; note: string; tone?: 'danger' }) {
  return (
    <div className={CARD}>
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold sm:text-3xl ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}>
        {value}
      </dd>
      <dd className="mt-1 text-sm text-slate-600">{note}</dd>
    </div>
  )
}

/** The share within 24 working hours as a filled bar (the number beside it says the same). */
function ShareBar({ share }: { share: number | null }) {
  return (
    <svg viewBox="0 0 100 6" preserveAspectRatio="none" className="mt-3 h-2 w-full" aria-hidden="true">
      <rect width="100" height="6" rx="3" className="fill-slate-200" />
      {share !== null && share > 0 ? (
        <rect width={share * 100} height="6" rx="3" className={share >= 0.9 ? 'fill-emerald-600' : 'fill-amber-500'} />
      ) : null}
    </svg>
  )
}

/** Median and 90th percentile on one scale of working hours, against the 24-hour promise. */
function TimeScale({ d }: { d: Data }) {
  const { scale } = d
  const marker = (at: number | null, label: string, value: string, className: string) =>
    at === null ? null : (
      <div
        className={`absolute top-0 ${at < 15 ? '' : at > 85 ? '-translate-x-full' : '-translate-x-1/2'}`}
        style={{ left: `${at}%` }}
      >
        <span className={`block text-xs font-semibold whitespace-nowrap ${className}`}>
          {label} {value}
        </span>
      </div>
    )
  return (
    <figure>
      <div className="relative h-5" aria-hidden="true">
        {marker(scale.median, 'Mediana', d.median, 'text-brand-700')}
      </div>
      <svg
        viewBox="0 0 100 20"
        preserveAspectRatio="none"
        className="h-8 w-full overflow-visible"
        role="img"
        aria-labelledby="escala-titulo escala-desc"
      >
        <title id="escala-titulo">Horas hábiles desde la carga hasta la decisión</title>
        <desc id="escala-desc">{`Mediana ${d.median}, percentil 90 ${d.p90}; el plazo es de 24 horas hábiles.`}</desc>
        <rect x="0" y="8" width="100" height="4" rx="2" className="fill-slate-200" />
        <rect x="0" y="8" width={scale.target} height="4" rx="2" className="fill-emerald-200" />
        <line
          x1={scale.target}
          x2={scale.target}
          y1="0"
          y2="20"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
          className="stroke-slate-700"
          strokeDasharray="3 2"
        />
        {scale.median !== null ? (
          <rect x={scale.median - 0.6} y="3" width="1.2" height="14" className="fill-brand-700" />
        ) : null}
        {scale.p90 !== null ? (
          <rect x={scale.p90 - 0.6} y="3" width="1.2" height="14" className="fill-amber-600" />
        ) : null}
      </svg>
      <div className="relative h-5" aria-hidden="true">
        {marker(scale.p90, 'P90', d.p90, 'text-amber-800')}
      </div>
      <figcaption className="mt-2 flex flex-wrap justify-between gap-2 text-xs text-slate-600">
        <span>0 h</span>
        <span>
          <span className="font-semibold text-slate-800">Línea punteada:</span> plazo de 24 h hábiles
        </span>
        <span>{scale.max}</span>
      </figcaption>
      {d.reading ? <p className="mt-4 text-sm text-slate-700">{d.reading}</p> : null}
    </figure>
  )
}

/** Bars of `values` on a shared `max`: stretched to the box, so the bars keep their width on any screen. */
function Bars({ values, max, className }: { values: number[]; max: number; className: string }) {
  const n = values.length
  const gap = n > 10 ? 0.25 : 0.5
  return (
    <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" className={className} aria-hidden="true">
      <line
        x1="0"
        x2={n}
        y1="100"
        y2="100"
        strokeWidth="1"
        vectorEffect="non-scaling-stroke"
        className="stroke-slate-300"
      />
      {values.map((v, i) => {
        const h = max ? (v / max) * 100 : 0
        return v ? (
          <rect key={i} x={i + gap / 2} y={100 - h} width={1 - gap} height={h} className="fill-brand-600" />
        ) : null
      })}
    </svg>
  )
}

/** Team decisions per day: the bars, the day under each (every seventh on 30 days), the table for screen readers. */
function PerDay({ d }: { d: Data }) {
  const max = Math.max(1, ...d.days.map((x) => x.decisions))
  const dense = d.days.length > 10
  const cols = { gridTemplateColumns: `repeat(${d.days.length}, minmax(0, 1fr))` }
  return (
    <>
      <div aria-hidden="true">
        {dense ? null : (
          <div className="grid text-center text-xs font-semibold text-slate-800" style={cols}>
            {d.days.map((x) => (
              <span key={x.key}>{x.text}</span>
            ))}
          </div>
        )}
        <Bars values={d.days.map((x) => x.decisions)} max={max} className="h-32 w-full" />
        <div className="mt-1 grid text-center text-xs text-slate-600" style={cols}>
          {d.days.map((x, i) => (
            // A label wider than its day overflows both sides, the last one only into the chart.
            <span
              key={x.key}
              className={`flex whitespace-nowrap ${i === d.days.length - 1 ? 'justify-end' : 'justify-center'}`}
            >
              {!dense || i % 7 === (d.days.length - 1) % 7 ? x.label : ''}
            </span>
          ))}
        </div>
        {dense ? <p className="mt-2 text-xs text-slate-600">Máximo en un día: {d.dayMax}</p> : null}
      </div>
      <table className="sr-only">
        <caption>Decisiones del equipo por día</caption>
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">Decisiones</th>
          </tr>
        </thead>
        <tbody>
          {d.days.map((x) => (
            <tr key={x.key}>
              <th scope="row">{x.long}</th>
              <td>{x.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

/** One row per reviewer: the total and the same bars on the same scale, so people compare at a glance. */
function PerReviewer({ d }: { d: Data }) {
  if (!d.reviewers.length) return <p className="text-sm text-slate-700">Nadie decidió documentos en este periodo.</p>
  const max = Math.max(1, ...d.reviewers.flatMap((r) => r.perDay))
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-hidden="true">
        {d.reviewers.map((r) => (
          <li key={r.key} className={REVIEWER_ROW}>
            <span className="truncate text-sm font-semibold text-slate-900">{r.name}</span>
            <span className="text-right text-sm font-bold text-slate-900 sm:order-none">{r.total}</span>
            <Bars values={r.perDay} max={max} className="col-span-2 h-8 w-full sm:col-span-1" />
          </li>
        ))}
      </ul>
      <div className="sr-only">
        <table>
          <caption>Decisiones por revisor y día</caption>
          <thead>
            <tr>
              <th scope="col">Revisor</th>
              <th scope="col">Total</th>
              {d.days.map((x) => (
                <th key={x.key} scope="col">
                  {x.long}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {d.reviewers.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.name}</th>
                <td>{r.total}</td>
                {r.perDayText.map((t, i) => (
                  <td key={d.days[i]!.key}>{t}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

export default function Performance() {
  const d = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title="Rendimiento">
        <PeriodSwitch period={d.period} />
      </PageHeader>
      <p className="-mt-4 mb-6 max-w-3xl text-sm text-slate-700">
        {d.range}. Los tiempos se cuentan en horas hábiles: las 24 horas de cada día hábil, de lunes a viernes y sin
        feriados.
      </p>
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="cifras">
        <Figure label="Decisiones" value={d.decisions} note="Documentos aprobados o rechazados" />
        <Figure label="Mediana hasta la decisión" value={d.median} note={`Percentil 90: ${d.p90}`} />
        <div className={CARD}>
          <dt className="text-sm font-semibold text-slate-700">Dentro de 24 h hábiles</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{d.share}</dd>
          <dd className="mt-1 text-sm text-slate-600">{d.within} decisiones</dd>
          <dd>
            <ShareBar share={d.shareValue} />
          </dd>
        </div>
        <Figure
          label="Atrasados ahora"
          value={d.lateText}
          note="Pendientes con más de 24 h hábiles"
          tone={d.lateNow ? 'danger' : undefined}
        />
      </dl>
      {d.lateNow ? (
        <p className="-mt-4 mb-4 text-sm">
          <Link to="/admin/documentos?due=late" className={`${LINK} inline-flex min-h-11 items-center`}>
            Ver los atrasados en la cola
          </Link>
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Tiempo hasta la decisión" id="tiempo">
          <TimeScale d={d} />
        </Section>
        <Section title="Decisiones por día" id="por-dia">
          <PerDay d={d} />
        </Section>
      </div>
      <div className="mt-6">
        <Section title="Por revisor" id="por-revisor">
          <PerReviewer d={d} />
        </Section>
      </div>
    </>
  )
}
