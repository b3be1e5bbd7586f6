import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FILE_REMOVED } from '#domain/reference-data/documents'
import { MESSAGES } from '#services/platform/http'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import { uploadDocuments } from './document-operations'
import { driverFile, profileImageFile } from './file-operations'
import { updateProfileImage } from './profile-operations'
import type { DriverActor } from './shared'
import { documentForm, fileOf, platformWithDrivers, samplePdf, samplePng } from './test-helpers'

/** The stored file operations called as a script would call them, without a route in between. */
describe.each(engines)('driver file operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let pedro: DriverActor

  beforeEach(async () => ({ p, camila, pedro } = await platformWithDrivers(engine)))
  afterEach(async () => p.destroy())

  const notFound = { status: 404, messages: MESSAGES.notFound }

  it("gives a document's file to its owner only, and says when it was purged", async () => {
    const { files } = await uploadDocuments(
      p,
      camila,
      documentForm({ hoja_vida_conductor: fileOf(samplePdf, 'h.pdf') }),
    )
    const id = files[0]!.id_file
    expect(await driverFile(p, camila, { id })).toEqual({
      bytes: samplePdf,
      type: 'application/pdf',
      filename: 'hoja_vida_conductor.pdf',
    })
    await expect(driverFile(p, pedro, { id })).rejects.toMatchObject(notFound)
    await expect(driverFile(p, camila, { id: id + 1000 })).rejects.toMatchObject(notFound)

    await p.db.updateTable('user_files').set({ file_purged_at: p.now().toISOString() }).where('id', '=', id).execute()
    await expect(driverFile(p, camila, { id })).rejects.toMatchObject({ status: 404, messages: FILE_REMOVED })
  })

  it('gives the profile photo to its owner only', async () => {
    await updateProfileImage(p, camila, { newProfileImage: fileOf(await samplePng(), 'yo.png') })
    const { id } = await p.db
      .selectFrom('profile_images')
      .select('id')
      .where('user_id', '=', camila.userId)
      .executeTakeFirstOrThrow()
    const photo = await profileImageFile(p, camila, { id })
    expect([photo.type, photo.filename, (await sharp(photo.bytes).metadata()).format]).toEqual([
      'image/jpeg',
      'perfil.jpg',
      'jpeg',
    ])
    await expect(profileImageFile(p, pedro, { id })).rejects.toMatchObject(notFound)
  })
})
