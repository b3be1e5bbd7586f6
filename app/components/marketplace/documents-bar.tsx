/**
 * An applicant's documents approved and in force out of 22, as a bar drawn like the driver's own
 * on their home (the same track, fill and progressbar semantics), so both read the same figure the
 * same way. Its text is the one line «3/22 documentos aprobados».
 */
export function DocumentsBar({ accepted, total }: { accepted: number; total: number }) {
  const pct = Math.round((Math.min(accepted, total) / total) * 100)
  return (
    <span className="block w-full max-w-56">
      <span className="block font-medium text-slate-900" data-testid="documentos-postulante">
        {accepted}/{total} documentos aprobados
      </span>
      <span
        className="mt-1 block h-3 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Documentos aprobados"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={accepted}
        aria-valuetext={`${accepted} de ${total}`}
      >
        <span
          className={`block h-full rounded-full ${accepted >= total ? 'bg-green-600' : 'bg-brand-600'}`}
          style={{ width: `${pct}%` }}
        />
      </span>
    </span>
  )
}
