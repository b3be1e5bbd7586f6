/** Invitations to apply (decision 106): what a company sees of them, and the driver's opt-in. */
import { z } from 'zod'

/**
 * The drivers a posting matches, as counts only: the company never learns who they are until they
 * apply. `matching`: validated, opted-in drivers with the posting's vehicle in its commune or a
 * neighbouring one (decision 106); `invitable`: those of them not yet invited and not applied;
 * `invited`: the invitations this posting has sent; `remaining_today`: the company's daily cap left.
 */
export const postingMatchesSchema = z.object({
  open: z.boolean(),
  matching: z.number(),
  invitable: z.number(),
  invited: z.number(),
  remaining_today: z.number(),
  daily_cap: z.number(),
  name_vehicle: z.string(),
  name_commune: z.string(),
})
export type PostingMatches = z.infer<typeof postingMatchesSchema>

/** The answer to «Invitar a postular»: how many were invited now, and the counts after it. */
export const invitationsSentSchema = postingMatchesSchema.extend({ message: z.string(), sent: z.number() })

/** The driver's «Quiero que las empresas me inviten», and whether an opposition (decision 76) overrides it. */
export const invitationPreferenceSchema = z.object({ invitations: z.boolean(), opposed: z.boolean() })
export const invitationPreferenceUpdatedSchema = invitationPreferenceSchema.extend({ message: z.string() })

/** What the driver may change. */
export const invitationPreferenceInputSchema = z.strictObject({
  invitations: z.boolean({ error: 'Indica si quieres que las empresas te inviten.' }),
})
