import { useEffect, useRef, useState } from 'react'
import { formatInteger, formatPercent } from '#domain/format'

export interface StatisticItem {
  id: number
  key: string
  title: string
  value: string
  description: string
}

/**
 * The HTML carries the final number; with JS it counts up over `durationMs` (spec §1: 5 s) once
 * it scrolls into view. Screen readers read the final number only.
 */
export function AnimatedCounter({ value, durationMs = 5000 }: { value: number; durationMs?: number }) {
  const [shown, setShown] = useState(value)
  const ref = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el || window.matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window))
      return
    let frame = 0
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return
        observer.disconnect()
        const start = performance.now()
        const tick = (t: number) => {
          const progress = Math.min(1, (t - start) / durationMs)
          setShown(Math.round(value * (1 - (1 - progress) ** 3)))
          if (progress < 1) frame = requestAnimationFrame(tick)
        }
        setShown(0)
        frame = requestAnimationFrame(tick)
      },
      { threshold: 0.5 },
    )
    observer.observe(el)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [value, durationMs])
  return (
    <>
      <span ref={ref} aria-hidden="true" data-testid="contador-pedidos" className="tabular-nums">
        {formatInteger(shown)}
      </span>
      <span className="sr-only">{formatInteger(value)}</span>
    </>
  )
}

function StatValue({ stat }: { stat: StatisticItem }) {
  if (stat.key === 'orders' && /^\d+$/.test(stat.value)) return <AnimatedCounter value={Number(stat.value)} />
  // Spec §1: validated drivers read '+839'.
  if (stat.key === 'drivers' && /^\d+$/.test(stat.value)) return <>+{formatInteger(Number(stat.value))}</>
  // A percentage typed in the console ('0.4%', '98 %') reads as Chile writes it: '0,4 %' (decision 57).
  const percent = /^(\d+(?:[.,]\d+)?)\s*%$/.exec(stat.value.trim())
  if (percent) return <>{formatPercent(Number(percent[1]!.replace(',', '.')))}</>
  return <>{stat.value}</>
}

export function Statistics({ stats }: { stats: StatisticItem[] }) {
  if (!stats.length) return null
  return (
    <section aria-labelledby="cifras" className="bg-brand-900 py-6 text-white md:py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="cifras" className="text-center text-xl font-bold sm:text-3xl">
          Fleeters en cifras
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-4 md:mt-10 md:gap-8 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.id} className="flex flex-col-reverse items-center text-center">
              <dt className="mt-2">
                <span className="block text-sm font-semibold text-accent-400 md:text-base">{stat.title}</span>
                <span className="mt-1 hidden text-sm text-slate-200 md:block">{stat.description}</span>
              </dt>
              <dd className="text-3xl font-extrabold sm:text-5xl">
                <StatValue stat={stat} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
