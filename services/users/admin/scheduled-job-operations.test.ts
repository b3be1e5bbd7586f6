import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SCHEDULER_MESSAGES } from '#domain/validation/scheduler'
import { JOBS } from '#services/jobs'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { listScheduledJobs, runScheduledJobNow } from './scheduled-job-operations'
import type { Actor } from './shared'

/** The command line's actor: the operations take whoever acts, not a request. */
const cli: Actor = { userId: null, actor: 'cli' }

const HOUR = 3_600_000

/** The console's scheduled job operations called as a script would call them, without a route in between. */
describe.each(engines)('console scheduled job operations on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  /** A job's row as a process that started it leaves it: next run in an hour, `leasedFor` ms still its. */
  async function started(name: string, leasedFor: number | null) {
    const now = p.now().getTime()
    await p.db
      .insertInto('scheduled_jobs')
      .values({
        name,
        next_run_at: new Date(now + HOUR).toISOString(),
        lease_owner: leasedFor === null ? null : 'host:1:abc',
        lease_until: leasedFor === null ? null : new Date(now + leasedFor).toISOString(),
        last_started_at: new Date(now - HOUR).toISOString(),
        last_finished_at: new Date(now - HOUR + 1000).toISOString(),
        last_success_at: new Date(now - HOUR + 1000).toISOString(),
        last_outcome: 'ok',
        last_error: null,
        last_duration_ms: 1000,
        consecutive_failures: 0,
      })
      .execute()
  }
  const nextRunOf = async (name: string) =>
    (await p.db.selectFrom('scheduled_jobs').select('next_run_at').where('name', '=', name).executeTakeFirstOrThrow())
      .next_run_at
  const auditLog = () =>
    p.db.selectFrom('admin_audit_log').select(['actor', 'action', 'entity_type', 'entity_id', 'after_json']).execute()

  it('lists every declared job, its schedule in words, and the state of the ones a process started', async () => {
    await started('retention', null)
    const { jobs } = await listScheduledJobs(p)
    expect(jobs.map((j) => j.name)).toEqual(JOBS.map((j) => j.name))
    const retention = jobs.find((j) => j.name === 'retention')!
    expect(retention).toMatchObject({ schedule: 'cada hora', last_outcome: 'ok', consecutive_failures: 0 })
    expect(retention.next_run_at).toBe(await nextRunOf('retention'))
    expect(jobs.find((j) => j.name === 'exports')).toMatchObject({ schedule: 'cada minuto', last_started_at: null })
  })

  it('«Ejecutar ahora» moves a started job’s next run to now, audited', async () => {
    await started('retention', null)
    const before = p.now().getTime()
    expect(await runScheduledJobNow(p, cli, { name: 'retention' })).toEqual({ message: SCHEDULER_MESSAGES.requested })
    expect(Date.parse(await nextRunOf('retention'))).toBeGreaterThanOrEqual(before)
    expect(Date.parse(await nextRunOf('retention'))).toBeLessThanOrEqual(p.now().getTime())
    expect(await auditLog()).toEqual([
      {
        actor: 'cli',
        action: 'job.run',
        entity_type: 'scheduled_job',
        entity_id: null,
        after_json: '{"name":"retention"}',
      },
    ])
  })

  it('refuses an unknown job (404), one not started (409) and one running (409), changing nothing', async () => {
    await started('exports', 60_000)
    const due = await nextRunOf('exports')
    const refused = async (name: string) =>
      runScheduledJobNow(p, cli, { name }).then(
        () => null,
        (e: { status: number; messages: string }) => [e.status, e.messages],
      )
    expect(await refused('respaldo-lunar')).toEqual([404, SCHEDULER_MESSAGES.notFound])
    expect(await refused('retention')).toEqual([409, SCHEDULER_MESSAGES.notStarted])
    expect(await refused('exports')).toEqual([409, SCHEDULER_MESSAGES.running])
    expect(await nextRunOf('exports')).toBe(due)
    expect(await auditLog()).toEqual([])
  })
})
