import path from 'node:path'
import { z } from 'zod'

/**
 * Every setting the product reads from the environment, with its default. The README's table
 * is generated from the same list by hand: keep both in step.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional()

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Fleeters <no-responder@fleeters.cl>'),
  TEAM_EMAIL: z.string().email().default('contacto@fleeters.cl'),
  WHATSAPP_CONTACT_PHONE: z.string().regex(/^\d{8,15}$/).default('56912345678'),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_ID: z.string().optional(),
  DRIVER_SIGNUP_URL: optionalUrl,
  DRIVER_LOGIN_URL: optionalUrl,
  USERS_API_URL: optionalUrl,
  BUSINESS_API_URL: optionalUrl,
  GENERAL_API_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Multiplies every rate limit; e2e runs raise it, production keeps 1. */
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).default(1),
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
})

export type Config = z.infer<typeof configSchema> & { dataDir: string }

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) }
}
