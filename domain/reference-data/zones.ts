export interface Zone {
  id_zone: number
  name_zone: string
}

export const ZONE_NORTE = 1
export const ZONE_CENTRO = 2
export const ZONE_SUR = 3

export const zones: readonly Zone[] = [
  { id_zone: ZONE_NORTE, name_zone: 'Zona Norte' },
  { id_zone: ZONE_CENTRO, name_zone: 'Zona Centro' },
  { id_zone: ZONE_SUR, name_zone: 'Zona Sur' },
]
