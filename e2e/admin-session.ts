import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import type { Page } from '@playwright/test'
import { expect, readMail, unique } from './fixtures'
import { decodeMail } from './public-mail'

export const ADMIN_PASSWORD = 'Consola2026'

/** RFC 6238 as an authenticator app computes it: 30-second steps, 6 digits. */
const STEP_MS = 30_000

/**
 * The authenticator app of each console account the tests made (decision 77): its secret, as
 * the enrolment page showed it, and the last step a code was typed for. The service accepts a
 * step once, and a step either side of its own for clocks a little off: the next code is the
 * step after the last one typed, read from an app up to one step ahead; only a third code within
 * one step waits for the clock, as a person waits for the app's next code.
 */
const apps = new Map<string, { secret: Uint8Array; lastStep: number }>()

export function totpCode(secret: Uint8Array, at = Date.now()): string {
  return generateHOTP(secret, BigInt(Math.floor(at / STEP_MS)), 6)
}

/** The next code of the account's app that the service has not seen yet. */
export async function nextCode(email: string): Promise<string> {
  const app = apps.get(email)
  if (!app) throw new Error(`no authenticator app enrolled for ${email} in this test process`)
  const step = Math.max(Math.floor(Date.now() / STEP_MS), app.lastStep + 1)
  // The service takes at most its own step + 1: wait until `step` is that close.
  const wait = (step - 1) * STEP_MS - Date.now()
  if (wait > 0) await new Promise((r) => setTimeout(r, wait + 200))
  app.lastStep = step
  return generateHOTP(app.secret, BigInt(step), 6)
}

/**
 * On /login/verificacion for enrolment: reads the secret the page shows (what a person types
 * into the app), types the app's code, keeps the recovery codes shown once, and goes on.
 */
export async function enrolApp(page: Page, email: string): Promise<{ secret: Uint8Array; recoveryCodes: string[] }> {
  await expect(page).toHaveURL(/\/login\/verificacion/)
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible()
  const typed = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  const secret = decodeBase32IgnorePadding(typed)
  apps.set(email, { secret, lastStep: 0 })
  await page.getByLabel('Código de la aplicación (6 dígitos)').fill(await nextCode(email))
  await page.getByRole('button', { name: 'Activar' }).click()
  const list = page.getByTestId('recovery-codes')
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts()
  await page.getByRole('link', { name: 'Ya los guardé, continuar' }).click()
  return { secret, recoveryCodes }
}

/** On /login/verificacion for a code: the app's next one. */
export async function enterCode(page: Page, email: string) {
  await expect(page).toHaveURL(/\/login\/verificacion/)
  await page.getByLabel('Código de verificación').fill(await nextCode(email))
  await page.getByRole('button', { name: 'Verificar' }).click()
}

/**
 * An operations-console account created the way the team does it, `npm run admin:create`
 * (here: the same script with the e2e server's DATA_DIR; administrador unless `role` says
 * revisor), its password set through the mailed one-time link, then logged in through /login,
 * enrolling its authenticator app at the first login (decision 77): the page ends at /admin.
 */
export async function newAdmin(page: Page, opts: { role?: 'revisor' | 'administrador' } = {}) {
  const email = `${unique('admin')}@fleeters.cl`
  const role = opts.role ?? 'administrador'
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-create.ts', '--email', email, '--name', 'Olga Operaciones', '--role', role],
    {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR!,
        DATABASE_URL: '',
        REDIS_URL: '',
        NODE_ENV: 'production',
      },
      encoding: 'utf8',
    },
  )
  expect(out).toContain(`Cuenta de administración creada: ${email}`)
  expect(out).toContain(`Rol: ${role}.`)
  const printed = /\/login\/restablecer\?token=([A-Za-z0-9_-]+)/.exec(out)?.[1]
  expect(printed).toBeTruthy()
  // The same link arrives through the outbox.
  const mail = decodeMail(await readMail(email))
  expect(mail).toContain('consola de operaciones')
  expect(mail).toContain(`/login/restablecer?token=${printed}`)

  await page.goto(`/login/restablecer?token=${printed}`)
  await page.getByLabel('Nueva contraseña').fill(ADMIN_PASSWORD)
  await page.getByLabel('Repite la contraseña').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Guardar contraseña' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await submitLogin(page, email)
  const { secret, recoveryCodes } = await enrolApp(page, email)
  await expectConsoleHome(page)
  return { email, secret, recoveryCodes }
}

async function submitLogin(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
}

async function expectConsoleHome(page: Page) {
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Consola de operaciones', level: 1 })).toBeVisible()
}
