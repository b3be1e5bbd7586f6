import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/**
 * One profile photo per driver, enforced by the database. Races on PostgreSQL had left
 * several rows per driver; the one users.img_profile points to stays (else the newest), the
 * others' files become orphans in DATA_DIR/uploads/profile-images and may be removed by hand.
 */
export default function hardening(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const shown = sql`EXISTS (SELECT 1 FROM users WHERE users.id = profile_images.user_id
        AND users.img_profile = '/users/profile-image/' || profile_images.id)`
      await sql`DELETE FROM profile_images WHERE NOT ${shown}
        AND user_id IN (SELECT profile_images.user_id FROM profile_images WHERE ${shown})`.execute(db)
      await sql`DELETE FROM profile_images
        WHERE id NOT IN (SELECT MAX(id) FROM profile_images GROUP BY user_id)`.execute(db)
      await db.schema.dropIndex('profile_images_user_idx').execute()
      await db.schema.createIndex('profile_images_user_uq').on('profile_images').column('user_id').unique().execute()
    },
  }
}
