import type { Kysely, Migration } from 'kysely'

/**
 * Vehicle 7 is «Camión ¾», with its accent (decision 2): the spec's table writes it «Camion ¾», and
 * the reference data seeded a database with that name, which a seed never rewrites. A database
 * whose row was renamed by hand keeps its name.
 */
export default function vehicleNameAccent(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db
        .updateTable('vehicles')
        .set({ name_vehicle: 'Camión ¾' })
        .where('id_vehicle', '=', 7)
        .where('name_vehicle', '=', 'Camion ¾')
        .execute()
    },
  }
}
