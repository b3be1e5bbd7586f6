import { ProgressBar } from '#app/components/ui/progress-bar'

/**
 * An applicant's documents approved and in force out of 22, as a bar drawn like the driver's own
 * on their home (the same track, fill and progressbar semantics), so both read the same figure the
 * same way. Its text is the one line «3/22 documentos aprobados».
 */
export function DocumentsBar({ accepted, total }: { accepted: number; total: number }) {
  return (
    <span className="block w-full max-w-56">
      <span className="block font-medium text-slate-900" data-testid="documentos-postulante">
        {accepted}/{total} documentos aprobados
      </span>
      <ProgressBar value={accepted} max={total} label="Documentos aprobados" className="mt-1" />
    </span>
  )
}
