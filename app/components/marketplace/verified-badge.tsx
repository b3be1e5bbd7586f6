import { Badge } from '#app/components/ui/badge'

/**
 * The console verified this company: shown to drivers on its postings and to
 * the company in its own panel. Read out as «Empresa verificada».
 */
export function VerifiedCompanyBadge() {
  return (
    <Badge tone="success" className="shrink-0 px-2" data-testid="empresa-verificada">
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-3.5 w-3.5">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only">Empresa </span>
      Verificada
    </Badge>
  )
}
