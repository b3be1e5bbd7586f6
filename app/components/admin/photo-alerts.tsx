import { Badge } from '#app/components/ui/badge'

/**
 * What the photo checks found on the document under review («posible desenfoque»): a reason to
 * look closer, not a verdict. The words come from the loader (PHOTO_FLAG_REVIEW).
 */
export function PhotoAlerts({ alerts }: { alerts: string[] }) {
  if (!alerts.length) return null
  return (
    <p
      data-testid="alertas-foto"
      className={
        'mb-2 flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 ' +
        'text-sm text-amber-950'
      }
    >
      <span className="font-semibold">Alertas de la foto:</span>
      {alerts.map((a) => (
        <Badge key={a} tone="warning">
          {a}
        </Badge>
      ))}
    </p>
  )
}
