import { sql, type Kysely, type Migration } from 'kysely'
import type { Dialect } from './helpers'

/** The stages counted one by one (APPLICATION_STATUSES when this migration was written). */
const COUNTED_STAGES = ['nueva', 'en_revision', 'contactado', 'seleccionado', 'descartada'] as const

/** Whether the driver `u` (a row alias) is out of the companies' sight: visibleToCompanies' rule. */
const hiddenOf = (u: string) =>
  `case when ${u}.paused_at is not null or ${u}.deletion_due_at is not null or ${u}.closed_at is not null ` +
  `then 1 else 0 end`

/** The counters an application `r` adds to its posting's row, as `column = column ± …` assignments. */
function postingDelta(r: string, sign: '+' | '-') {
  const counted = (cond: string) => `case when ${r}.hidden = 0 and ${cond} then 1 else 0 end`
  return [
    `total = total ${sign} ${counted('1 = 1')}`,
    ...COUNTED_STAGES.map((s) => `${s} = ${s} ${sign} ${counted(`${r}.status = '${s}'`)}`),
    `fresh = fresh ${sign} ${counted(`${r}.seen_at is null`)}`,
    `unread = unread ${sign} (case when ${r}.hidden = 0 then ${r}.company_unread else 0 end)`,
  ].join(', ')
}

/** An application `r`'s part in its posting's row: subtracted (old) or added (new). */
const postingUpdate = (r: string, sign: '+' | '-') =>
  `update posting_applicant_counts set ${postingDelta(r, sign)} where posting_id = ${r}.posting_id`

/** A message `r`'s part in its application's unread counters: subtracted (old) or added (new). */
const messageUpdate = (r: string, sign: '+' | '-') => {
  const from = (sender: string) => `(case when ${r}.sender = '${sender}' then 1 else 0 end)`
  return (
    `update applications set company_unread = company_unread ${sign} ${from('driver')}, ` +
    `driver_unread = driver_unread ${sign} ${from('company')} where id = ${r}.application_id and ${r}.read_at is null`
  )
}

/** Every posting's row of `posting_applicant_counts`, as the triggers keep it. */
async function fillApplicantCounts(db: Kysely<any>) {
  await sql`delete from posting_applicant_counts`.execute(db)
  const stages = COUNTED_STAGES.map((s) => `coalesce(sum(case when a.status = '${s}' then 1 else 0 end), 0)`).join(', ')
  await sql`insert into posting_applicant_counts
      (posting_id, company_id, open, total, ${sql.raw(COUNTED_STAGES.join(', '))}, fresh, unread)
    select jp.id, jp.company_id, case when jp.status = 'open' then 1 else 0 end, count(a.id), ${sql.raw(stages)},
      coalesce(sum(case when a.seen_at is null then 1 else 0 end), 0), coalesce(sum(a.company_unread), 0)
    from job_postings jp left join applications a on a.posting_id = jp.id and a.hidden = 0
    group by jp.id, jp.company_id, jp.status`.execute(db)
}

/**
 * The company's counters of applicants and unread messages, kept by triggers in the writes' own
 * transactions (decision 110): the panel's summary, the postings table's figures, a posting's
 * stage counts and both sides' unread messages read a few rows instead of every application and
 * every unread message.
 *
 * On `applications` (each a copy of what its own rows give):
 * - `hidden`: 1 while the driver is out of the companies' sight (paused, waiting out a deletion,
 *   deleted: visibleToCompanies' rule), copied from `users` when the application is written and
 *   when those columns change. The counters leave hidden drivers out from this one column, so
 *   they stay right whatever order a deletion's cascades run in.
 * - `company_unread`: the driver's messages in the thread the company has not read;
 *   `driver_unread`: the company's the driver has not read (from `application_messages`).
 *
 * `posting_applicant_counts`: one row per posting (written with the posting, gone with it), with
 * its company and whether it is open (copied from `job_postings`), and over its applications of
 * drivers companies may see: `total`, one column per stage, `fresh` (not seen by the company yet)
 * and `unread` (the sum of `company_unread`). The panel sums a company's rows
 * (`posting_applicant_counts_company_idx`): one row per posting, never an application.
 *
 * - `applications_driver_unread_idx` (user_id, driver_unread) over the applications with unread
 *   company messages: the driver's badge from the index alone.
 */
export default function applicantCounters(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const column of ['hidden', 'company_unread', 'driver_unread'])
        await db.schema
          .alterTable('applications')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute()
      await sql`update applications set hidden = 1 where user_id in (select u.id from users u
        where u.paused_at is not null or u.deletion_due_at is not null or u.closed_at is not null)`.execute(db)
      await sql`update applications set
          company_unread = (select count(*) from application_messages m
            where m.application_id = applications.id and m.sender = 'driver' and m.read_at is null),
          driver_unread = (select count(*) from application_messages m
            where m.application_id = applications.id and m.sender = 'company' and m.read_at is null)
        where id in (select application_id from application_messages where read_at is null)`.execute(db)
      await db.schema
        .createTable('posting_applicant_counts')
        .addColumn('posting_id', 'integer', (c) => c.primaryKey().references('job_postings.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('open', 'integer', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .$call((t) => {
          let table = t
          for (const s of COUNTED_STAGES) table = table.addColumn(s, 'integer', (c) => c.notNull().defaultTo(0))
          return table
        })
        .addColumn('fresh', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await fillApplicantCounts(db)
      await db.schema
        .createIndex('posting_applicant_counts_company_idx')
        .on('posting_applicant_counts')
        .columns(['company_id', 'open'])
        .execute()
      await sql`create index applications_driver_unread_idx on applications (user_id, driver_unread)
        where driver_unread > 0`.execute(db)

      const postingInsert = `insert into posting_applicant_counts (posting_id, company_id, open)
        values (new.id, new.company_id, case when new.status = 'open' then 1 else 0 end)`
      const postingUpdateOwn = `update posting_applicant_counts set company_id = new.company_id,
        open = case when new.status = 'open' then 1 else 0 end where posting_id = new.id`
      // A new application counts; a driver out of sight is marked hidden at once (which uncounts it).
      const applicationHidden = `update applications set hidden = 1 where id = new.id and exists (select 1
        from users u where u.id = new.user_id and ${hiddenOf('u')} = 1)`
      const userHidden = `update applications set hidden = ${hiddenOf('new')}
        where user_id = new.id and hidden <> ${hiddenOf('new')}`
      const applicationColumns = 'posting_id, status, seen_at, hidden, company_unread'

      if (dialect === 'postgres') {
        const fn = (name: string, body: string) =>
          sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`).execute(db)
        await fn(
          'posting_applicant_counts_posting',
          `if tg_op = 'INSERT' then ${postingInsert}; else ${postingUpdateOwn}; end if; return null;`,
        )
        await sql`create trigger posting_applicant_counts_posting after insert or update of status, company_id
          on job_postings for each row execute function posting_applicant_counts_posting()`.execute(db)
        await fn(
          'posting_applicant_counts_application',
          `if tg_op <> 'INSERT' then ${postingUpdate('old', '-')}; end if;
           if tg_op <> 'DELETE' then ${postingUpdate('new', '+')}; end if;
           if tg_op = 'INSERT' then ${applicationHidden}; end if;
           return null;`,
        )
        await sql`create trigger posting_applicant_counts_application
          after insert or delete or update of ${sql.raw(applicationColumns)} on applications
          for each row execute function posting_applicant_counts_application()`.execute(db)
        await fn(
          'applications_unread_message',
          `if tg_op <> 'INSERT' then ${messageUpdate('old', '-')}; end if;
           if tg_op <> 'DELETE' then ${messageUpdate('new', '+')}; end if;
           return null;`,
        )
        await sql`create trigger applications_unread_message
          after insert or delete or update of application_id, sender, read_at on application_messages
          for each row execute function applications_unread_message()`.execute(db)
        await fn('applications_hidden_user', `${userHidden}; return null;`)
        await sql`create trigger applications_hidden_user
          after update of paused_at, deletion_due_at, closed_at on users
          for each row execute function applications_hidden_user()`.execute(db)
      } else {
        const trigger = (name: string, event: string, body: string[]) =>
          sql.raw(`create trigger ${name} after ${event} begin ${body.map((s) => `${s};`).join(' ')} end`).execute(db)
        await trigger('posting_applicant_counts_posting_insert', 'insert on job_postings', [postingInsert])
        await trigger('posting_applicant_counts_posting_update', 'update of status, company_id on job_postings', [
          postingUpdateOwn,
        ])
        await trigger('posting_applicant_counts_application_insert', 'insert on applications', [
          postingUpdate('new', '+'),
          applicationHidden,
        ])
        await trigger(
          'posting_applicant_counts_application_update',
          `update of ${applicationColumns} on applications`,
          [postingUpdate('old', '-'), postingUpdate('new', '+')],
        )
        await trigger('posting_applicant_counts_application_delete', 'delete on applications', [
          postingUpdate('old', '-'),
        ])
        await trigger('applications_unread_message_insert', 'insert on application_messages', [
          messageUpdate('new', '+'),
        ])
        await trigger(
          'applications_unread_message_update',
          'update of application_id, sender, read_at on application_messages',
          [messageUpdate('old', '-'), messageUpdate('new', '+')],
        )
        await trigger('applications_unread_message_delete', 'delete on application_messages', [
          messageUpdate('old', '-'),
        ])
        await trigger('applications_hidden_user', 'update of paused_at, deletion_due_at, closed_at on users', [
          userHidden,
        ])
      }
    },
  }
}
