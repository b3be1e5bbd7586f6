import type { Kysely, Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * The driver's vehicle type and commune, stated in «Mi perfil» («Publicaciones para ti»
 * and the company's applicant card use them). Ids of the reference data (domain/reference-data:
 * vehicles, communes), names come from memory; null means not stated. Other roles leave them null.
 */
export default function driverVehicleCommune(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('id_vehicle', 'integer').execute()
      await db.schema.alterTable('users').addColumn('id_commune', 'integer').execute()
    },
  }
}
