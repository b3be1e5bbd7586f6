import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/** The 22 required slots when this migration was written (the optional one is furgon_interior_general). */
const REQUIRED_SLOTS = [
  'cedula_identidad_frontal',
  'cedula_identidad_posterior',
  'certificado_antecedentes',
  'gases_contaminantes_frontal',
  'gases_contaminantes_posterior',
  'comprobante_domicilio',
  'hoja_vida_conductor',
  'licencia_conducir_frontal',
  'licencia_conducir_posterior',
  'padron_vehiculo_frontal',
  'padron_vehiculo_posterior',
  'permiso_circulacion_frontal',
  'permiso_circulacion_posterior',
  'revision_tecnica_frontal',
  'revision_tecnica_posterior',
  'soap_frontal',
  'soap_posterior',
  'autorizacion_dueno_vehiculo',
  'vehiculo_frontal',
  'vehiculo_posterior',
  'vehiculo_lateral_derecho',
  'vehiculo_lateral_izquierdo',
]

/**
 * A driver's accepted required documents, as `<user>` names the driver: the latest record
 * (highest id, decision 11) of each required slot, ACCEPTED; their number and earliest expiry.
 */
function summaryOf(user: string) {
  const slots = REQUIRED_SLOTS.map((s) => `'${s}'`).join(', ')
  return `select f.user_id, count(*) as accepted, min(f.expires_on) as expires_first from user_files f
    where f.user_id = ${user} and f.file_status = 'ACCEPTED' and f.purpose_name in (${slots})
      and not exists (select 1 from user_files n where n.user_id = f.user_id
        and n.purpose_name = f.purpose_name and n.id > f.id)
      and exists (select 1 from users where users.id = ${user})
    group by f.user_id`
}

/** Every driver's row of `driver_documents_accepted`, as the triggers keep it (also after a bulk load without them). */
export async function fillDocumentsAccepted(db: Kysely<any>) {
  await sql`delete from driver_documents_accepted`.execute(db)
  await sql`insert into driver_documents_accepted (user_id, accepted, expires_first)
    select f.user_id, count(*), min(f.expires_on) from user_files f
    where f.file_status = 'ACCEPTED' and f.purpose_name in (${sql.join(REQUIRED_SLOTS)})
      and not exists (select 1 from user_files n where n.user_id = f.user_id
        and n.purpose_name = f.purpose_name and n.id > f.id)
    group by f.user_id`.execute(db)
}

/**
 * The company's hiring screens at scale (decision 107): a company with 2,000 postings, a posting
 * with 5,000 applicants, 100,000 drivers with their 22 documents.
 *
 * `driver_documents_accepted`: one row per driver with at least one accepted required document
 * in force or not: `accepted`, how many of the 22 required slots have an ACCEPTED latest record,
 * and `expires_first`, the earliest expiry date among those records (null: none expires). The
 * n/22 of a driver on `today` is `accepted` while `expires_first` is null or not before today,
 * and otherwise `accepted` less the accepted latest records whose date passed, read from
 * `user_files_user_expiry_idx` (the driver's dated records by date, partial: the kinds that do not
 * expire are not in it), a few entries per driver; «Fleeter validado» is
 * `accepted = 22` with `expires_first` null or not before today. The applicants sorted by
 * documents and the matching count of a posting read one row per driver instead of the 22 latest
 * records and a probe for a newer one each (110,000 records for 5,000 applicants).
 *
 * Triggers keep it on every write of user_files (insert, a status or expiry change, delete): the
 * driver's row is computed again from their records, so it is what the query it replaces gives.
 * On PostgreSQL the driver's writers take turns on a transaction-scoped advisory lock before the
 * computation, so two of them at once (an upload and a decision) do not each keep a stale count.
 * The row goes with the account (cascade), and with the driver's last accepted record.
 *
 * Indexes:
 * - `users_hidden_idx` (id) over the drivers companies may not see (paused, waiting out a
 *   deletion, deleted): visibleToCompanies reads them once per statement instead of probing the
 *   users table for every applicant.
 * - `applications_posting_stage_idx` (posting_id, status, created_at, id, user_id): a stage tab's
 *   list newest first and the stage counts, from the index alone.
 * - `applications_posting_seen_idx` (posting_id, status, seen_at, user_id) replaces 0027's
 *   `applications_posting_status_idx` (posting_id, status, seen_at): the panel's new and waiting
 *   applicants with the driver's id each is checked by.
 */
export default function hiringAtScale(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('driver_documents_accepted')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('accepted', 'integer', (c) => c.notNull())
        .addColumn('expires_first', 'text')
        .execute()
      await fillDocumentsAccepted(db)
      // A driver's dated records, in the order of their date, with what the n/22 checks on them.
      await db.schema
        .createIndex('user_files_user_expiry_idx')
        .on('user_files')
        .columns(['user_id', 'expires_on', 'file_status', 'purpose_name', 'id'])
        .where(sql.ref('expires_on'), 'is not', null)
        .execute()
      // The drivers companies may not see (visibleToCompanies): a few among 100,000.
      await sql`create index users_hidden_idx on users (id)
        where paused_at is not null or deletion_due_at is not null or closed_at is not null`.execute(db)
      // A posting's applications of one stage newest first (the stage tabs' lists), and its stage
      // counts, with the driver's id each is checked by (visibleToCompanies).
      await db.schema
        .createIndex('applications_posting_stage_idx')
        .on('applications')
        .columns(['posting_id', 'status', 'created_at', 'id', 'user_id'])
        .execute()
      // 0027's index by stage and seen, with the driver's id: the panel's new and waiting
      // applicants read the index alone.
      await db.schema
        .createIndex('applications_posting_seen_idx')
        .on('applications')
        .columns(['posting_id', 'status', 'seen_at', 'user_id'])
        .execute()
      await db.schema.dropIndex('applications_posting_status_idx').execute()
      if (dialect === 'postgres') {
        await sql`create function driver_documents_accepted_refresh() returns trigger language plpgsql as $$
          declare uid integer;
          begin
            if tg_op = 'DELETE' then uid := old.user_id; else uid := new.user_id; end if;
            perform pg_advisory_xact_lock(1070, uid);
            delete from driver_documents_accepted where user_id = uid;
            insert into driver_documents_accepted (user_id, accepted, expires_first) ${sql.raw(summaryOf('uid'))};
            return null;
          end $$`.execute(db)
        await sql`create trigger driver_documents_accepted_refresh
          after insert or delete or update of file_status, expires_on on user_files
          for each row execute function driver_documents_accepted_refresh()`.execute(db)
      } else {
        for (const [event, row] of [
          ['insert', 'new'],
          ['update of file_status, expires_on', 'new'],
          ['delete', 'old'],
        ] as const) {
          const name = `driver_documents_accepted_${event.split(' ')[0]}`
          await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on user_files begin
            delete from driver_documents_accepted where user_id = ${sql.raw(row)}.user_id;
            insert into driver_documents_accepted (user_id, accepted, expires_first)
              ${sql.raw(summaryOf(`${row}.user_id`))};
          end`.execute(db)
        }
      }
    },
  }
}
