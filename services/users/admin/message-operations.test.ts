import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES } from '#services/platform/http'
import { companyAccount, insertPostings, type CompanyAccount } from '#services/testing/business'
import { engines } from '#services/testing/database'
import type { TestPlatform } from '#services/testing/platform'
import type { DriverActor } from '../driver-area/shared'
import { platformWithDrivers, userWithSession } from '../driver-area/test-helpers'
import { readThreadForConsole } from './message-operations'

/** The console's thread operation called as a script would call it, without a route in between. */
describe.each(engines)('console message operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let andes: CompanyAccount
  let staffUserId: number
  let postingId: number
  let applicationId: number

  async function writes(sender: 'company' | 'driver', body: string) {
    await p.db
      .insertInto('application_messages')
      .values({
        application_id: applicationId,
        sender,
        sender_user_id: sender === 'company' ? andes.userId : camila.userId,
        subject: null,
        body,
        created_at: p.now().toISOString(),
        read_at: null,
      })
      .execute()
  }

  beforeEach(async () => {
    ;({ p, camila } = await platformWithDrivers(engine))
    andes = await companyAccount(p)
    staffUserId = (await userWithSession(p, 'admin')).user.id
    ;[postingId] = (await insertPostings(p, andes.companyId, [{ title: 'Reparto en Santiago' }])) as [number]
    const now = p.now().toISOString()
    applicationId = (
      await p.db
        .insertInto('applications')
        .values({ posting_id: postingId, user_id: camila.userId, status: 'nueva', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterEach(async () => p.destroy())

  const views = () =>
    p.db
      .selectFrom('data_views')
      .select(['subject_user_id', 'viewer_user_id', 'viewer_kind', 'kind', 'item_id'])
      .execute()

  it('reads a thread with who is in it, marking nothing read, and records the view of the driver’s data', async () => {
    await writes('company', '¿Puedes el lunes?')
    await writes('driver', 'Sí, puedo.')
    const thread = await readThreadForConsole(p, staffUserId, { id: applicationId })
    expect(thread).toMatchObject({
      id_application: applicationId,
      id_driver: camila.userId,
      id_company: andes.companyId,
      id_publication: postingId,
      company_name: andes.name,
      posting_title: 'Reparto en Santiago',
    })
    expect(thread.messages.map((m) => [m.sender, m.body])).toEqual([
      ['company', '¿Puedes el lunes?'],
      ['driver', 'Sí, puedo.'],
    ])
    const read = await p.db.selectFrom('application_messages').select('read_at').execute()
    expect(read).toEqual([{ read_at: null }, { read_at: null }])
    expect(await views()).toEqual([
      {
        subject_user_id: camila.userId,
        viewer_user_id: staffUserId,
        viewer_kind: 'staff',
        kind: 'conversacion',
        item_id: applicationId,
      },
    ])
  })

  it('answers 404 for no application, recording nothing', async () => {
    await expect(readThreadForConsole(p, staffUserId, { id: applicationId + 1000 })).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
    expect(await views()).toEqual([])
  })
})
