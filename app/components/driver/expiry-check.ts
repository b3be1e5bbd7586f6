import { checkExpiryDay } from '#domain/validation/documents'

/**
 * The refusal of a document's expiry date as the upload form sent it, or null: the service's own
 * rule (checkExpiryDate, domain/validation/documents.ts), run in the browser before the file
 * travels and by the page's action before it calls the service, so its Spanish message shows at
 * the field. `today` and `latest` (latestExpiryDay) come from the server.
 */
export function expiryDateError(value: FormDataEntryValue | null, today: string, latest: string): string | null {
  const checked = checkExpiryDay(value ?? undefined, today, latest)
  return checked.ok ? null : checked.message
}
