import { describe, expect, it } from 'vitest'
import type { EmailMessage } from '#services/platform/messaging/outbox'
import * as marketplace from '#services/shared/marketplace-mails'
import * as closure from '#services/users/account-closure-mails'
import * as admin from '#services/users/admin/mails'
import * as users from '#services/users/mails'

/** Every mail with both bodies, built with `typed` in each value a person typed (names, titles, messages). */
function everyMail(typed: string): Record<string, EmailMessage> {
  const to = 'ana@example.cl'
  const url = 'http://localhost:3000/login/restablecer?token=abc&next=%2Fuser'
  const due = new Date('2026-12-27T15:00:00Z')
  const documents = [
    { kind: 0 as const, title: `SOAP ${typed}`, dateText: 'Vence el 27-11-2026', dueText: 'Vence hoy' },
    {
      kind: 7 as const,
      title: 'Licencia de conducir (frontal)',
      dateText: 'Vence el 04-12-2026',
      dueText: 'Vence en 7 días',
    },
  ]
  const figures = {
    dayText: '04-12-2026',
    decisions: 3,
    withinText: '80\u00a0%',
    medianText: '6,5 h',
    lateNow: 2,
    reviewers: [`${typed}: 2`, 'Olga: 1'],
  }
  const company = { companyName: `Andes ${typed}`, companyEmail: 'contacto@andes.cl', postingTitle: `Ruta ${typed}` }
  const driver = { driverName: typed, link: url }
  return {
    verificationCodeMail: users.verificationCodeMail(to, typed, '123456'),
    loginLockedMail: users.loginLockedMail(to, typed, 10, url),
    passwordResetMail: users.passwordResetMail(to, typed, url),
    welcomeMail: users.welcomeMail(to, typed, url),
    documentExpiryMail: users.documentExpiryMail(to, typed, documents, url),
    passwordChangedMail: users.passwordChangedMail(to, typed, url),
    teamSummaryMail: users.teamSummaryMail(to, typed, figures, url),
    documentApprovedMail: admin.documentApprovedMail(to, typed, `SOAP ${typed}`, url),
    documentRejectedMail: admin.documentRejectedMail(to, typed, `SOAP ${typed}`, `Ilegible ${typed}`, url),
    allDocumentsApprovedMail: admin.allDocumentsApprovedMail(to, typed, url),
    adminWelcomeMail: admin.adminWelcomeMail(to, typed, url, 48),
    postingClosedByAdminMail: admin.postingClosedByAdminMail(to, {
      ...company,
      reason: `Pide pago por adelantado ${typed}`,
      link: url,
      replyTo: 'contacto@fleeters.cl',
    }),
    applicationReceivedMail: marketplace.applicationReceivedMail(to, { ...company, ...driver }),
    messageFromCompanyMail: marketplace.messageFromCompanyMail(to, {
      ...company,
      driverName: typed,
      subject: `Entrevista ${typed}`,
      message: `Hola:\nnos gustaría conversar contigo. ${typed}`,
      companyPhone: '56987654321',
    }),
    selectedMail: marketplace.selectedMail(to, { ...company, ...driver }),
    applicationStatusMail: marketplace.applicationStatusMail(to, { ...company, ...driver, status: 'contactado' }),
    companyWelcomeMail: marketplace.companyWelcomeMail(to, {
      contactName: typed,
      companyName: company.companyName,
      link: url,
    }),
    invitationMail: marketplace.invitationMail(to, { ...company, ...driver, place: 'Ñuñoa' }),
    threadMessageToDriverMail: marketplace.threadMessageToDriverMail(to, { ...company, ...driver }),
    threadReplyToCompanyMail: marketplace.threadReplyToCompanyMail(to, { ...company, ...driver }),
    deletionRequestedMail: closure.deletionRequestedMail(to, typed, due, url),
    deletionCancelledMail: closure.deletionCancelledMail(to, typed),
    accountDeletedMail: closure.accountDeletedMail(to, typed),
    inactivityWarningMail: closure.inactivityWarningMail(to, typed, due, url),
  }
}

function decode(s: string) {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

/**
 * What the HTML body says, paragraph by paragraph, as a reader of the text part should read it:
 * tags stripped, a link as its label and its address («label: address» when alone in its paragraph).
 */
function htmlParagraphs(html: string): string[] {
  const body = html.slice(html.indexOf('</h1>') + 5)
  const blocks = [...body.matchAll(/<(p|li)\b[^>]*>(.*?)<\/\1>/gs)].map(([, tag, inner]) => {
    const alone = /^<a href="([^"]*)">([^<]*)<\/a>$/.exec(inner!)
    const linked = alone
      ? `${alone[2]}: ${alone[1]}`
      : inner!.replace(/<a href="([^"]*)">([^<]*)<\/a>/g, (_, href: string, label: string) => `${label} (${href})`)
    return `${tag === 'li' ? '- ' : ''}${decode(linked.replace(/<[^>]+>/g, ''))}`
  })
  return blocks
}

describe('mails', () => {
  const mails = everyMail("María-José O'Higgins & Cía")

  it('covers every mail builder of the mail modules', () => {
    const built = [users, admin, marketplace, closure].flatMap((m) =>
      Object.entries(m)
        .filter(([name, value]) => typeof value === 'function' && name.endsWith('Mail'))
        .map(([name]) => name),
    )
    expect(Object.keys(mails).sort()).toEqual(built.sort())
  })

  it.each(Object.keys(mails))('%s: the text part says every sentence of the HTML part, and holds no HTML', (name) => {
    const mail = mails[name]!
    expect(mail.html).toContain(
      `<h1 style="font-size:20px">${mail.subject.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</h1>`,
    )
    const paragraphs = htmlParagraphs(mail.html!)
    expect(paragraphs.length).toBeGreaterThan(2)
    for (const paragraph of paragraphs)
      for (const sentence of paragraph.split(/(?<=[.:!?])\s+/)) expect(mail.text).toContain(sentence)
    expect(mail.text).not.toMatch(/<\/?[a-z][^>]*>|&(amp|lt|gt|quot|#\d+);/i)
  })

  it.each(Object.keys(mails))('%s: what a person typed is text in the HTML, never markup', (name) => {
    const mail = everyMail('Ana <script>alert("x")</script>')[name]!
    expect(mail.html).not.toMatch(/<script/i)
    expect(mail.html).toContain('Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    if (mail.text.includes('token=abc&next='))
      expect(mail.html).toContain('href="http://localhost:3000/login/restablecer?token=abc&amp;next=%2Fuser"')
    // The plain text shows the name as typed: nothing in it is interpreted.
    expect(mail.text).toContain('Ana <script>alert("x")</script>')
  })
})
