import { sql } from 'kysely'

/**
 * Drivers companies may see (Ley 21.719, decision 76): not paused («Pausar mi perfil»), not waiting
 * out a deletion, not deleted. `userIdColumn` names the driver's id in the caller's query; every
 * company-facing read of applicants (lists, counts, cards, profile, photo, writes to them) uses it.
 */
export function visibleToCompanies(userIdColumn: string) {
  return sql<boolean>`not exists (select 1 from users hidden where hidden.id = ${sql.ref(userIdColumn)}
    and (hidden.paused_at is not null or hidden.deletion_due_at is not null or hidden.closed_at is not null))`
}
