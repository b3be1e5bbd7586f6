import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ScheduledJobView } from '#domain/contract/scheduler'
import { formatTime } from '#domain/format'
import { SCHEDULER_MESSAGES } from '#domain/validation/scheduler'
import { JOBS, startJobs } from '#services/jobs'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'

const MINUTE = 60_000

/** «Tareas programadas» (decision 81): the jobs of services/jobs.ts, their runs, and «Ejecutar ahora». */
describe.each(engines)('scheduled jobs in the console on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  it('lists every declared job in words, then each real job’s run once the scheduler ran it', async () => {
    const admin = await userWithSession(p, 'admin')
    const before = await api.get('/admin/scheduled-jobs', admin.headers)
    expect(before.status).toBe(200)
    const listed = before.body.jobs as ScheduledJobView[]
    expect(listed.map((j) => [j.name, j.title, j.schedule])).toEqual([
      ['reminders', 'Recordatorios de vencimiento', 'cada hora'],
      ['exports', 'Exportaciones de «Mis datos»', 'cada minuto'],
      ['account-closure', 'Cierre de cuentas', 'cada hora'],
      ['retention', 'Plazos de conservación', 'cada hora'],
      ['backup', 'Copia de seguridad diaria', 'todos los días a las 04:00'],
      ['team-summary', 'Resumen diario del equipo', 'todos los días a las 08:00'],
    ])
    const never = { last_started_at: null, last_outcome: null, next_run_at: null, consecutive_failures: 0 }
    expect(listed[0]).toMatchObject(never)

    // The server's own job list, on this database, checked a minute later: every job is due but the
    // daily ones (the nightly backup, the team's morning summary).
    const daily = ['backup', 'team-summary']
    const lines: string[] = []
    const jobs = startJobs(p, undefined, (job, line) => lines.push(`${job}: ${line}`), { timers: false })
    await jobs.tick()
    p.advance(MINUTE)
    const ran = await jobs.tick()
    await jobs.stop()
    expect(ran.sort()).toEqual(
      JOBS.map((j) => j.name)
        .filter((name) => !daily.includes(name))
        .sort(),
    )

    const after = await api.get('/admin/scheduled-jobs', admin.headers)
    for (const job of (after.body.jobs as ScheduledJobView[]).filter((j) => !daily.includes(j.name))) {
      const ok = { last_outcome: 'ok', last_error: null, consecutive_failures: 0, running: false }
      expect(job, `${job.name}: ${lines.join('\n')}`).toMatchObject(ok)
      expect(typeof job.last_duration_ms).toBe('number')
      expect(job.last_success_at).toBe(job.last_finished_at)
    }
    const exports = (after.body.jobs as ScheduledJobView[]).find((j) => j.name === 'exports')!
    expect(Date.parse(exports.next_run_at!) - Date.parse(exports.last_started_at!)).toBe(MINUTE)
    const backup = (after.body.jobs as ScheduledJobView[]).find((j) => j.name === 'backup')!
    expect(backup).toMatchObject({ last_started_at: null, last_outcome: null })
    expect(formatTime(backup.next_run_at)).toBe('04:00')
    const summary = (after.body.jobs as ScheduledJobView[]).find((j) => j.name === 'team-summary')!
    expect(summary).toMatchObject({ last_started_at: null, last_outcome: null })
    expect(formatTime(summary.next_run_at)).toBe('08:00')
  })

  it('«Ejecutar ahora» moves the next run to now, audited; refuses a job not started, unknown, misnamed', async () => {
    const admin = await userWithSession(p, 'admin')
    expect(await api.post('/admin/scheduled-jobs/retention/run', undefined, admin.headers)).toMatchObject({
      status: 409,
      body: { message: SCHEDULER_MESSAGES.notStarted },
    })
    const jobs = startJobs(p, ['users'], () => {}, { timers: false })
    await jobs.tick()
    await jobs.stop()

    const res = await api.post('/admin/scheduled-jobs/retention/run', undefined, admin.headers)
    expect(res).toMatchObject({ status: 200, body: { message: SCHEDULER_MESSAGES.requested } })
    const row = await p.db.selectFrom('scheduled_jobs').selectAll().where('name', '=', 'retention').executeTakeFirst()
    expect(Date.parse(row!.next_run_at)).toBeLessThanOrEqual(p.now().getTime())
    const audit = await p.db.selectFrom('admin_audit_log').selectAll().where('action', '=', 'job.run').execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ name: 'retention' })

    expect(await api.post('/admin/scheduled-jobs/respaldo-lunar/run', undefined, admin.headers)).toMatchObject({
      status: 404,
      body: { message: SCHEDULER_MESSAGES.notFound },
    })
    for (const bad of ['RETENTION', 'a..b', 'x'.repeat(61), '%00']) {
      const r = await api.post(`/admin/scheduled-jobs/${bad}/run`, undefined, admin.headers)
      expect(r.status, bad).toBe(404)
      expect(typeof r.body.message).toBe('string')
    }
  })

  it('refuses a revisor (403 {message}), a driver (403) and anyone without a session (401)', async () => {
    const revisor = await userWithSession(p, 'admin', { staffRole: 'revisor' })
    const driver = await userWithSession(p)
    for (const [method, path] of [
      ['GET', '/admin/scheduled-jobs'],
      ['POST', '/admin/scheduled-jobs/exports/run'],
    ] as const) {
      const asRevisor = await api.call(method, path, { headers: revisor.headers })
      expect(asRevisor.status).toBe(403)
      expect(typeof asRevisor.body.message).toBe('string')
      expect((await api.call(method, path, { headers: driver.headers })).status).toBe(403)
      expect((await api.call(method, path)).status).toBe(401)
    }
  })
})
