/**
 * The demo driver and her documents: what demo.ts writes as rows, and what their files show. The
 * files are drawn by a process of its own (demo-documents-process.ts): sharp, librsvg and their
 * fonts keep 60–90 MB of memory after a drawing, which the server would otherwise carry for as
 * long as it runs (docs/deploy.md «Memory»).
 */
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { DocumentSlotKey } from '#domain/reference-data/documents'
import { computeCheckDigit, formatRut } from '#domain/rut'
import type { SpecimenLook } from './specimen-photos'
import type { Holder } from './specimens'

const DEMO_DRIVER_RUT_BODY = '16234567'

/** The demo driver; her documents show her name, RUT and address, as her profile does. */
export const DEMO_DRIVER = {
  firstname: 'Camila',
  lastname: 'Pérez González',
  rut: `${DEMO_DRIVER_RUT_BODY}-${computeCheckDigit(DEMO_DRIVER_RUT_BODY)}`,
  address: 'Av. Providencia 1234, Providencia',
}

/** The demo driver as her documents print her. */
export const DEMO_DRIVER_HOLDER: Holder = {
  names: DEMO_DRIVER.firstname.toUpperCase(),
  surnames: DEMO_DRIVER.lastname.toUpperCase(),
  rut: formatRut(DEMO_DRIVER.rut),
  address: DEMO_DRIVER.address.toUpperCase(),
}

export interface DemoDocument {
  slot: DocumentSlotKey
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED'
  reason?: string
  pdf?: boolean
  /**
   * How the photo or scan came out (decision 93): the pending ones a reviewer opens first are a
   * glare and a dark photo, the rejected padrón is blurred, and the rejected proof of address is
   * the blurred scan its reason calls illegible.
   */
  look: SpecimenLook
}

/** The demo driver's documents, one in every status, each a photo or scan of its specimen. */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  { slot: 'cedula_identidad_frontal', status: 'ACCEPTED', look: 'clear' },
  { slot: 'cedula_identidad_posterior', status: 'ACCEPTED', look: 'clear' },
  { slot: 'certificado_antecedentes', status: 'ACCEPTED', pdf: true, look: 'clear' },
  { slot: 'licencia_conducir_frontal', status: 'PENDING', look: 'glare' },
  { slot: 'licencia_conducir_posterior', status: 'PENDING', look: 'dark' },
  { slot: 'hoja_vida_conductor', status: 'PENDING', pdf: true, look: 'clear' },
  {
    slot: 'comprobante_domicilio',
    status: 'REJECTED',
    reason: 'El documento está ilegible.',
    pdf: true,
    look: 'blurred',
  },
  {
    slot: 'padron_vehiculo_frontal',
    status: 'REJECTED',
    reason: 'La foto está borrosa: sube una foto nítida.',
    look: 'blurred',
  },
]

/** The drawing process's file: built beside the server's chunks, or its TypeScript source run by tsx. */
function drawingProcess(): { file: URL; execArgv: string[] } {
  // Names in variables: a bundler would otherwise copy the referenced file as an asset.
  const built = './demo-documents-process.js'
  const source = './demo-documents-process.ts'
  const compiled = new URL(built, import.meta.url)
  if (existsSync(compiled)) return { file: compiled, execArgv: [] }
  return { file: new URL(source, import.meta.url), execArgv: ['--import', 'tsx'] }
}

/** The files of DEMO_DOCUMENTS, in its order, drawn by a short-lived process (see above). */
export function drawDemoDocuments(): Promise<Uint8Array[]> {
  const { file, execArgv } = drawingProcess()
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    let drawn: Uint8Array[] | undefined
    child.once('message', (files) => (drawn = files as Uint8Array[]))
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (drawn?.length === DEMO_DOCUMENTS.length) resolve(drawn)
      else reject(new Error(`Drawing the demo documents stopped (${signal ?? `exit code ${code}`}).`))
    })
  })
}
