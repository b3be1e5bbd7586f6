import { execFileSync } from 'node:child_process'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, readMail, unique } from './fixtures'
import { decodeMail } from './public-mail'

export const ADMIN_PASSWORD = 'Consola2026'

/**
 * An operations-console account created the way the team does it, `npm run admin:create`
 * (here: the same script with the e2e server's DATA_DIR), then its password set through the
 * mailed one-time link, then logged in through /login: the page ends at /admin.
 */
export async function newAdmin(page: Page) {
  const email = `${unique('admin')}@fleeters.cl`
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', email, '--name', 'Olga Operaciones'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  expect(out).toContain(`Cuenta de administración creada: ${email}`)
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
  await loginAdmin(page, email)
  return { email }
}

export async function loginAdmin(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Consola de operaciones', level: 1 })).toBeVisible()
}
