import { checkExpiryDate } from '#domain/validation/documents'

/**
 * The refusal of a document's expiry date as the upload form sent it, or null: the service's own
 * rule (domain/validation/documents.ts), run in the browser before the file travels and by the
 * page's action before it calls the service, so its Spanish message shows at the field.
 */
export function expiryDateError(value: FormDataEntryValue | null, today: string): string | null {
  const checked = checkExpiryDate(value ?? undefined, today)
  return checked.ok ? null : checked.message
}
