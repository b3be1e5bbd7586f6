import { communes, regions, schedules, vehicles, zones } from '#domain/reference-data'
import { createFleetRequestSchema } from './contact'

/**
 * The whole fleet rule of /empresas (with the zone → region → commune chain), as the page's action
 * and the service both check it: one object, so an in-process call takes the page's value as
 * checked (services/platform/in-process.ts). The browser builds its own from the lists it loads.
 */
export const fleetRequestSchema = createFleetRequestSchema({ vehicles, schedules, zones, regions, communes })
