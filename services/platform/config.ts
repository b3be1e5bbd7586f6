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

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1'))

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32).optional(),
  /**
   * Master key of the stored files' encryption (≥ 32 characters; services/platform/file-crypto.ts).
   * Without it a key is generated into DATA_DIR/.data-keys; required with S3_BUCKET, where the
   * files outlive any one process's disk.
   */
  DATA_ENCRYPTION_KEY: z.string().min(32).optional(),
  /** Earlier master keys, comma-separated, still read while `npm run keys:rotate` re-seals the files. */
  DATA_ENCRYPTION_OLD_KEYS: z.string().optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Fleeters <no-responder@fleeters.cl>'),
  TEAM_EMAIL: z.string().email().default('contacto@fleeters.cl'),
  WHATSAPP_CONTACT_PHONE: z
    .string()
    .regex(/^\d{8,15}$/)
    .default('56912345678'),
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
  /** Object storage (S3 or compatible) instead of DATA_DIR/uploads when S3_BUCKET is set. */
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag(false),
  /** Proxies (load balancers) in front of the process whose X-Forwarded-For is believed. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Split deployments: the secret the web tier sends with each service call so the services
   * believe the visitor's address it forwards. Without it they count the web tier's address.
   */
  INTERNAL_SECRET: z.string().min(32).optional(),
  /** `false` when migrations run once per deploy (`npm run migrate`) instead of at each start. */
  MIGRATE_ON_START: booleanFlag(true),
  /** How long SIGTERM waits for requests in flight before closing what is left. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Where `npm run backup` and the embedded default's daily backup write their archives: `backups`
   * beside DATA_DIR when not set (./backups for ./data). Never inside DATA_DIR.
   */
  BACKUP_DIR: z.string().optional(),
  /** `false` stops the embedded default's daily backup (`npm run backup` still works). */
  BACKUP_DAILY: booleanFlag(true),
  /**
   * Prometheus scrapes `GET /metrics` with `Authorization: Bearer <METRICS_TOKEN>` (≥ 32 characters);
   * without it (and without METRICS_PORT) /metrics answers 404.
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  /** A second listener on 127.0.0.1 that answers /metrics without a token (an agent on the same host). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Config = z.infer<typeof configSchema> & { dataDir: string }

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`SESSION_SECRET=` in an .env file) means "not set", like a missing one.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''))
  const parsed = configSchema.safeParse(given)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid environment:\n${lines.join('\n')}`)
  }
  if (parsed.data.S3_BUCKET && !parsed.data.DATA_ENCRYPTION_KEY) {
    // A key generated into one process's DATA_DIR would leave the bucket's files unreadable to
    // every other process, and to this one once its disk is replaced.
    throw new Error(
      'Invalid environment:\n  DATA_ENCRYPTION_KEY: required with S3_BUCKET (at least ' +
        '32 characters, the same in every process)',
    )
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) }
}

/** Every variable the schema reads (the README table and .env.example list them all). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape)
