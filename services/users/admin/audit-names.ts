import type { Kysely, Selectable } from 'kysely'
import type { AuditSubject } from '#domain/contract/admin'
import type { Database } from '#services/platform/db/schema'
import type { AdminAuditLogTable } from '#services/platform/db/schema-admin'

interface AuditRow {
  actor: string
  entity_type: string
  entity_id: number | null
}

function fullName(u: { firstname: string | null; lastname: string | null }): string | null {
  const name = [u.firstname, u.lastname].filter(Boolean).join(' ').trim()
  return name || null
}

/**
 * The names a person reads in the console's activity: who acted (the first name behind the
 * recorded email) and what the action touched (the document's slot and its driver, the company,
 * the posting and its company…). The log keeps ids and emails only, so the names are looked up
 * now, a handful of queries for the whole page; a row whose target is gone keeps null names.
 */
export async function auditNames<R extends AuditRow>(
  db: Kysely<Database>,
  rows: readonly R[],
): Promise<Array<R & { actor_name: string | null; subject: AuditSubject }>> {
  const ids = (type: string) => [
    ...new Set(rows.filter((r) => r.entity_type === type && r.entity_id !== null).map((r) => r.entity_id!)),
  ]
  const emails = [...new Set(rows.map((r) => r.actor))]
  const fileIds = ids('user_file')
  const companyIds = ids('company')
  const postingIds = ids('job_posting')
  const userIds = ids('user')
  const powerIds = ids('simple_power')
  const privacyIds = ids('privacy_request')
  const [actors, files, companies, postings, users, powers, privacy] = await Promise.all([
    // An empty `in ()` is an error on PostgreSQL: an empty log asks nothing.
    emails.length ? db.selectFrom('users').select(['email', 'firstname']).where('email', 'in', emails).execute() : [],
    fileIds.length
      ? db
          .selectFrom('user_files as f')
          .innerJoin('users as u', 'u.id', 'f.user_id')
          .select(['f.id', 'f.purpose_name', 'u.firstname', 'u.lastname'])
          .where('f.id', 'in', fileIds)
          .execute()
      : [],
    companyIds.length ? db.selectFrom('companies').select(['id', 'name']).where('id', 'in', companyIds).execute() : [],
    postingIds.length
      ? db
          .selectFrom('job_postings as j')
          .innerJoin('companies as c', 'c.id', 'j.company_id')
          .select(['j.id', 'j.title', 'c.name'])
          .where('j.id', 'in', postingIds)
          .execute()
      : [],
    userIds.length
      ? db.selectFrom('users').select(['id', 'firstname', 'lastname']).where('id', 'in', userIds).execute()
      : [],
    powerIds.length
      ? db.selectFrom('simple_powers').select(['id', 'full_name_driver']).where('id', 'in', powerIds).execute()
      : [],
    privacyIds.length
      ? db
          .selectFrom('privacy_requests as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .select(['r.id', 'u.firstname', 'u.lastname'])
          .where('r.id', 'in', privacyIds)
          .execute()
      : [],
  ])
  const actorName = new Map(actors.map((a) => [a.email, a.firstname?.trim() || null]))
  const subjects = new Map<string, AuditSubject>()
  for (const f of files) subjects.set(`user_file:${f.id}`, { name: f.purpose_name, owner: fullName(f) })
  for (const c of companies) subjects.set(`company:${c.id}`, { name: c.name, owner: null })
  for (const j of postings) subjects.set(`job_posting:${j.id}`, { name: j.title, owner: j.name })
  for (const u of users) subjects.set(`user:${u.id}`, { name: fullName(u), owner: null })
  for (const w of powers) subjects.set(`simple_power:${w.id}`, { name: null, owner: w.full_name_driver })
  for (const r of privacy) subjects.set(`privacy_request:${r.id}`, { name: null, owner: fullName(r) })
  return rows.map((r) => ({
    ...r,
    actor_name: actorName.get(r.actor) ?? null,
    subject: subjects.get(`${r.entity_type}:${r.entity_id}`) ?? { name: null, owner: null },
  }))
}

/**
 * Rows of admin_audit_log as the console shows them: the recorded before and after read back from
 * their JSON, then named (auditNames).
 */
export function auditEntries(db: Kysely<Database>, rows: ReadonlyArray<Selectable<AdminAuditLogTable>>) {
  return auditNames(
    db,
    rows.map((r) => ({
      id: r.id,
      actor: r.actor,
      action: r.action,
      entity_type: r.entity_type,
      entity_id: r.entity_id,
      before: r.before_json ? (JSON.parse(r.before_json) as unknown) : null,
      after: r.after_json ? (JSON.parse(r.after_json) as unknown) : null,
      created_at: r.created_at,
    })),
  )
}
