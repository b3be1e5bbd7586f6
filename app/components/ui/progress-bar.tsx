/**
 * A count out of a total as a bar: the track, the fill and the progressbar semantics the driver's
 * documents and a company's view of an applicant's documents share, so both read one figure the
 * same way.
 */
export function ProgressBar({
  value,
  max,
  label,
  className = '',
}: {
  value: number
  max: number
  label: string
  className?: string
}) {
  const pct = Math.round((Math.min(value, max) / max) * 100)
  return (
    <span
      className={`block h-2.5 w-full overflow-hidden rounded-full bg-slate-200 ${className}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${value} de ${max}`}
    >
      <span className="block h-full rounded-full bg-green-600" style={{ width: `${pct}%` }} />
    </span>
  )
}
