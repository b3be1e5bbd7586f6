import { sql } from 'kysely'

/**
 * Drivers companies may see (Ley 21.719, decision 76): not paused («Pausar mi perfil»), not waiting
 * out a deletion, not deleted. `userIdColumn` names the driver's id in the caller's query; every
 * company-facing read of applicants (lists, counts, cards, profile, photo, writes to them) uses it.
 * The hidden drivers are few: the database reads them once per statement from `users_hidden_idx`
 * (migration 0036, decision 107) and checks each row against that set, instead of a probe of the
 * users table per row (5,000 for a posting's applicants).
 */
export function visibleToCompanies(userIdColumn: string) {
  return sql<boolean>`${sql.ref(userIdColumn)} not in (select hidden.id from users hidden
    where hidden.paused_at is not null or hidden.deletion_due_at is not null or hidden.closed_at is not null)`
}
