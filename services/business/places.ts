import { findCommune } from '#domain/reference-data/geography'
import { PLACE_MESSAGES } from '#domain/validation/place-ids'
import { ApiError } from '#services/platform/http'

/**
 * The schemas check a commune by its CUT code's region (pages do not carry the 346-entry list);
 * before writing, the service also checks it is a real commune of the reference list.
 */
export function assertKnownCommune(id: number): void {
  if (!findCommune(id)) throw new ApiError(400, PLACE_MESSAGES.invalidOption)
}
