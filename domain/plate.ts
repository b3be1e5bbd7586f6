/**
 * Chilean vehicle licence plates ("patentes"), compared in normalised form: uppercase, without
 * spaces, hyphens, dots or the middle dot printed on real plates.
 */

export const PLATE_FORMATS = {
  /** Old cars: 2 letters + 4 digits (AB1234). */
  oldCar: /^[A-Z]{2}\d{4}$/,
  /** New cars: 4 letters + 2 digits (BBBB12, also written BB·BB·12). */
  newCar: /^[A-Z]{4}\d{2}$/,
  /** Old motorbikes: 2 letters + 3 digits (AB123). */
  oldMotorbike: /^[A-Z]{2}\d{3}$/,
  /** New motorbikes: 3 letters + 2 digits (BCD12). */
  newMotorbike: /^[A-Z]{3}\d{2}$/,
} as const

export type PlateFormat = keyof typeof PLATE_FORMATS

/** 'ab-12 34' -> 'AB1234'. */
export function normalizePlate(value: string): string {
  return value.replace(/[\s\-.·]/g, '').toUpperCase()
}

/** Which format a plate has (after normalising), or null if it is not a Chilean plate. */
export function plateFormat(value: string): PlateFormat | null {
  const plate = normalizePlate(value)
  for (const [name, pattern] of Object.entries(PLATE_FORMATS)) {
    if (pattern.test(plate)) return name as PlateFormat
  }
  return null
}

export function isValidPlate(value: string): boolean {
  return plateFormat(value) !== null
}
