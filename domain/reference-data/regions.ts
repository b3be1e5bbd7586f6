import { ZONE_CENTRO, ZONE_NORTE, ZONE_SUR } from './zones'

export interface Region {
  id_region: number
  name_region: string
  zone_id: number
}

/** Region Metropolitana, where the service currently operates. */
export const REGION_METROPOLITANA = 13000

/** The 16 regions (ids = region CUT x 1000), in the spec's order, with their zones. */
export const regions: readonly Region[] = [
  { id_region: 1000, name_region: 'Tarapacá', zone_id: ZONE_NORTE },
  { id_region: 2000, name_region: 'Antofagasta', zone_id: ZONE_NORTE },
  { id_region: 3000, name_region: 'Atacama', zone_id: ZONE_NORTE },
  { id_region: 4000, name_region: 'Coquimbo', zone_id: ZONE_NORTE },
  { id_region: 5000, name_region: 'Valparaíso', zone_id: ZONE_CENTRO },
  { id_region: 6000, name_region: "O'Higgins", zone_id: ZONE_CENTRO },
  { id_region: 7000, name_region: 'Maule', zone_id: ZONE_CENTRO },
  { id_region: 8000, name_region: 'Bio-bío', zone_id: ZONE_CENTRO },
  { id_region: 9000, name_region: 'La Araucanía', zone_id: ZONE_SUR },
  { id_region: 10000, name_region: 'Los Lagos', zone_id: ZONE_SUR },
  { id_region: 11000, name_region: 'Aysén', zone_id: ZONE_SUR },
  { id_region: 12000, name_region: 'Magallanes', zone_id: ZONE_SUR },
  { id_region: REGION_METROPOLITANA, name_region: 'Metropolitana de Santiago', zone_id: ZONE_CENTRO },
  { id_region: 14000, name_region: 'Los Ríos', zone_id: ZONE_SUR },
  { id_region: 15000, name_region: 'Arica y Parinacota', zone_id: ZONE_NORTE },
  { id_region: 16000, name_region: 'Ñuble', zone_id: ZONE_CENTRO },
]
