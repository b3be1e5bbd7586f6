import { loadConfig, type Config } from '#services/platform/config'
import { loadKeys, type Keys } from '#services/platform/secrets'

let cached: { config: Config; keys: Keys } | undefined

/** The web tier reads the same environment as the services (one table in the README). */
export function env() {
  if (!cached) {
    const config = loadConfig()
    cached = { config, keys: loadKeys({ secret: config.SESSION_SECRET, dataDir: config.dataDir }) }
  }
  return cached
}

/** Settings the pages show (never secrets). */
export function publicEnv() {
  const { config } = env()
  return {
    whatsappPhone: config.WHATSAPP_CONTACT_PHONE,
    signupUrl: config.DRIVER_SIGNUP_URL ?? '/register',
    loginUrl: config.DRIVER_LOGIN_URL ?? '/login',
  }
}
