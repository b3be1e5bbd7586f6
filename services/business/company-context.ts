import type { Context } from 'hono'
import type { AuthEnv } from '#services/platform/auth'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'

export interface CompanyRef {
  id: number
  name: string
  email: string
  phone: string
  logo_url: string | null
  /** companies.verified: the console checked this company. */
  verified: number
}

/** The company behind the caller's business session (requireRole ran first). */
export async function currentCompany(p: Platform, c: Context<AuthEnv>): Promise<CompanyRef> {
  const company = await p.db
    .selectFrom('companies')
    .select(['id', 'name', 'email', 'phone', 'logo_url', 'verified'])
    .where('user_id', '=', c.get('auth').userId)
    .executeTakeFirst()
  // A business account without its company row cannot act as one.
  if (!company) throw new ApiError(403, MESSAGES.forbidden)
  return company
}

/** Who acts: the business account's user (views and messages name them) and its company. */
export interface CompanyActor {
  userId: number
  company: CompanyRef
}

/** The caller as the operations take it: the business account's user and its company. */
export async function companyActor(p: Platform, c: Context<AuthEnv>): Promise<CompanyActor> {
  return { userId: c.get('auth').userId, company: await currentCompany(p, c) }
}
