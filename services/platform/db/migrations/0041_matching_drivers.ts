import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/** The required documents a validated driver has accepted (REQUIRED_DOCUMENT_COUNT when this was written). */
const REQUIRED = 22

/**
 * The driver `uid`'s row of `matching_drivers` when they qualify: a driver (role User) who opted in
 * to invitations, has not opposed non-essential messages, whom companies may see (not paused, not
 * waiting out a deletion, not deleted: visibleToCompanies' rule), with a vehicle and a commune on
 * their profile and the 22 required documents accepted in their latest records.
 */
const rowOf = (uid: string) => `insert into matching_drivers (user_id, id_vehicle, id_commune, valid_until)
  select u.id, u.id_vehicle, u.id_commune, dd.expires_first from users u
    join driver_documents_accepted dd on dd.user_id = u.id
  where u.id = ${uid} and u.role = 'User' and u.invitations_opt_in_at is not null and u.opted_out_at is null
    and u.paused_at is null and u.deletion_due_at is null and u.closed_at is null
    and u.id_vehicle is not null and u.id_commune is not null and dd.accepted = ${REQUIRED}`

/** The users' columns a driver's row depends on. */
const USER_COLUMNS =
  'role, id_vehicle, id_commune, invitations_opt_in_at, opted_out_at, paused_at, deletion_due_at, closed_at'

/** Every driver's row of `matching_drivers`, as the triggers keep it (also after a bulk load without them). */
export async function fillMatchingDrivers(db: Kysely<any>) {
  await sql`delete from matching_drivers`.execute(db)
  await sql.raw(rowOf('u.id').replace('where u.id = u.id and', 'where')).execute(db)
}

/**
 * The drivers a company's posting may reach, narrowed to those who qualify whatever the posting
 * (decision 115): one row per driver who opted in to invitations, has not opposed non-essential
 * messages, is in the companies' sight and has the 22 required documents accepted, with the
 * vehicle and commune of their profile and `valid_until`, the earliest expiry date among those
 * documents (`driver_documents_accepted.expires_first`; null: none expires). Such a driver is
 * «Fleeter validado» on a day while `valid_until` is null or not before it (the 22 accepted, none
 * expired), so the matching count of a posting is the entries of `matching_drivers_place_idx` of
 * its vehicle and the communes of its region with `valid_until` in force, with no correction for
 * a date passed since the row was written: a driver whose first expiry passed is out, whatever
 * their other dates. A few index entries per matching driver instead of every opted-in candidate
 * checked against the hidden drivers and their row of driver_documents_accepted.
 *
 * Triggers keep it: on `driver_documents_accepted` (written again by 0036's triggers on every
 * write of a driver's documents) and on an update of the users' columns it depends on, the
 * driver's row is computed again from `users` and `driver_documents_accepted`. On PostgreSQL a
 * profile change first takes the driver's transaction-scoped advisory lock that 0036's triggers
 * take before they write `driver_documents_accepted` (so a write from there holds it already), so
 * a profile change and a document decision at once take turns instead of each keeping a stale
 * row; a bulk fill of `driver_documents_accepted` takes no lock per driver. The row goes with the
 * account (cascade).
 */
export default function matchingDrivers(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('matching_drivers')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('id_vehicle', 'integer', (c) => c.notNull())
        .addColumn('id_commune', 'integer', (c) => c.notNull())
        .addColumn('valid_until', 'text')
        .execute()
      await fillMatchingDrivers(db)
      await db.schema
        .createIndex('matching_drivers_place_idx')
        .on('matching_drivers')
        .columns(['id_vehicle', 'id_commune', 'valid_until', 'user_id'])
        .execute()
      // The opted-in drivers by vehicle and commune are read from matching_drivers now.
      await db.schema.dropIndex('users_invitable_idx').execute()
      if (dialect === 'postgres') {
        await sql`create function matching_drivers_refresh() returns trigger language plpgsql as $$
          declare uid integer;
          begin
            if tg_table_name = 'users' then
              uid := new.id;
              perform pg_advisory_xact_lock(1070, uid);
            elsif tg_op = 'DELETE' then uid := old.user_id;
            else uid := new.user_id; end if;
            delete from matching_drivers where user_id = uid;
            ${sql.raw(rowOf('uid'))};
            return null;
          end $$`.execute(db)
        await sql`create trigger matching_drivers_documents
          after insert or delete or update on driver_documents_accepted
          for each row execute function matching_drivers_refresh()`.execute(db)
        await sql`create trigger matching_drivers_user after update of ${sql.raw(USER_COLUMNS)} on users
          for each row execute function matching_drivers_refresh()`.execute(db)
      } else {
        const trigger = (name: string, event: string, body: string[]) =>
          sql.raw(`create trigger ${name} after ${event} begin ${body.map((s) => `${s};`).join(' ')} end`).execute(db)
        const refresh = (uid: string) => [`delete from matching_drivers where user_id = ${uid}`, rowOf(uid)]
        await trigger(
          'matching_drivers_documents_insert',
          'insert on driver_documents_accepted',
          refresh('new.user_id'),
        )
        await trigger(
          'matching_drivers_documents_update',
          'update on driver_documents_accepted',
          refresh('new.user_id'),
        )
        await trigger('matching_drivers_documents_delete', 'delete on driver_documents_accepted', [
          'delete from matching_drivers where user_id = old.user_id',
        ])
        await trigger('matching_drivers_user', `update of ${USER_COLUMNS} on users`, refresh('new.id'))
      }
    },
  }
}
