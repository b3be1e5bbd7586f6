/** The largest id a row can have (a 32-bit integer column on both engines). */
export const MAX_ID = 2_147_483_647

/**
 * An id from a form, a URL or a path: a plain decimal from 1 to MAX_ID ('19'; never ' 19', '019',
 * '0x13', '1e3' or '19.0', which Number() would take), else null. The one reading of an id for
 * the pages (spec §5: missing or 0 ids are ignored) and the services (an unknown id is a 404).
 */
export function positiveId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= MAX_ID ? id : null
}
