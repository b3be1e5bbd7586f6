import type { APIRequestContext, Page } from '@playwright/test'
import { pngFile } from './driver-session'
import { expect } from './fixtures'
import { apiDriver } from './marketplace-support'

/** Helpers of the simple-power specs (power-*.spec.ts). */

export const POWER_SLOT_TITLE = 'Autorización del dueño del vehículo'

export function powerSlot(page: Page) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: POWER_SLOT_TITLE, exact: true }) })
}

export const owner = {
  'Nombre completo del dueño': 'María José Muñoz',
  'RUT del dueño': '11.111.111-1',
  'Nacionalidad del dueño': 'Chilena',
  'Domicilio del dueño': 'Av. Grecia 123, Ñuñoa',
  'Teléfono (WhatsApp) del dueño': '987654321',
  'Correo electrónico del dueño': 'maria.munoz@gmail.com',
}

export async function fillOwner(page: Page, overrides: Partial<Record<keyof typeof owner, string>> = {}) {
  for (const [label, value] of Object.entries({ ...owner, ...overrides }))
    await page.getByLabel(label, { exact: true }).fill(value)
}

export async function fillPhase1(page: Page, plate: string) {
  await page.getByLabel('Nacionalidad del conductor').fill('Chilena')
  await page.getByLabel('Domicilio del conductor').fill('Los Aromos 45, Maipú')
  await page.getByLabel('Marca').fill('Toyota')
  await page.getByLabel('Modelo').fill('Hiace')
  await page.getByLabel('Año').selectOption('2019')
  await page.getByLabel('Patente').fill(plate)
}

/** Four letters without vowels and two digits: a plate of the 'BBBB12' shape. */
export function randomPlate() {
  const letter = () => 'BCDFGHJKLPRSTVWXYZ'[Math.floor(Math.random() * 18)]
  return `${letter()}${letter()}${letter()}${letter()}${10 + Math.floor(Math.random() * 89)}`
}

/** A driver registered and logged in through the API, and a link issued for them. */
export async function apiPowerLink(request: APIRequestContext) {
  const driver = await apiDriver(request)
  const res = await request.post('/api/users/create-power-simple-link', { headers: { 'auth-user': driver.token } })
  expect(res.status()).toBe(201)
  const body = (await res.json()) as { token: string; path: string; expires_at: string }
  return { driver, ...body }
}

/** Opens the link and completes phase 1: the page is at phase 2 ('Dueño del vehículo'). */
export async function reachPhase2(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Conductor y vehículo', level: 2 })).toBeVisible()
  await fillPhase1(page, randomPlate())
  await page.getByRole('button', { name: 'Siguiente' }).click()
  await expect(page.getByRole('heading', { name: 'Dueño del vehículo', level: 2 })).toBeVisible()
}

export async function attachIdImages(page: Page) {
  await page.getByLabel('Cédula de identidad (frontal)').setInputFiles(await pngFile('frente.png'))
  await page.getByLabel('Cédula de identidad (posterior)').setInputFiles(await pngFile('atras.png', 90, 60))
}

/** Creates a power through the service with `token`: the link is then used. */
export async function usePowerLink(
  request: APIRequestContext,
  token: string,
): Promise<{ id_power: number; document: { id_file: number } }> {
  const front = await pngFile('frente.png')
  const back = await pngFile('atras.png', 90, 60)
  const res = await request.post('/api/users/create-power-simple', {
    multipart: {
      power: token,
      fullNameDriver: 'Prueba Conductor',
      rutDriver: '12.345.678-5',
      addressDriver: 'Los Aromos 45, Maipú',
      nationalityDriver: 'Chilena',
      vehicleBrand: 'Toyota',
      vehicleModel: 'Hiace',
      vehicleYear: '2019',
      vehicleLicensePlate: 'BBBB12',
      fullNameOwner: 'María José Muñoz',
      rutOwner: '11.111.111-1',
      addressOwner: 'Av. Grecia 123, Ñuñoa',
      nationalityOwner: 'Chilena',
      phoneOwner: '987654321',
      emailOwner: 'maria.munoz@gmail.com',
      'files[cedula_identidad_frontal_owner]': front,
      'files[cedula_identidad_posterior_owner]': back,
    },
  })
  expect(res.status()).toBe(201)
  return res.json()
}
