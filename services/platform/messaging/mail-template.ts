import type { EmailMessage } from './outbox'

/**
 * Every mail is written once, as blocks, and rendered twice: to HTML, where each value is escaped
 * as it is written out (nothing a person typed can become markup), and to plain text, where a link
 * shows its address. Decision 114 says why this and not React Email.
 */

/** A piece of a paragraph: text, text in bold, a one-time code, or a link. */
type Run = string | { strong: string } | { code: string } | { href: string; label: string }
/** A paragraph (one run or several, `\n` breaks a line), or a list with one line per item. */
type Block = Run | Run[] | { list: Run[][] }

export const strong = (text: string): Run => ({ strong: text })
export const code = (text: string): Run => ({ code: text })
export const link = (label: string, href: string): Run => ({ href, label })
export const list = (items: Run[][]): Block => ({ list: items })

const FOOTER = 'Fleeters · Conductores de última milla'
const P = '<p style="margin:0 0 12px;white-space:pre-line">'

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

function runs(block: Run | Run[]): Run[] {
  return Array.isArray(block) ? block : [block]
}

function htmlRun(r: Run): string {
  if (typeof r === 'string') return escapeHtml(r)
  if ('strong' in r) return `<strong>${escapeHtml(r.strong)}</strong>`
  if ('code' in r) return `<strong style="font-size:22px;letter-spacing:4px">${escapeHtml(r.code)}</strong>`
  return `<a href="${escapeHtml(r.href)}">${escapeHtml(r.label)}</a>`
}

/** A link alone in its paragraph reads «label: address»; within a sentence, «label (address)». */
function textRun(r: Run, alone: boolean): string {
  if (typeof r === 'string') return r
  if ('strong' in r) return r.strong
  if ('code' in r) return r.code
  return alone ? `${r.label}: ${r.href}` : `${r.label} (${r.href})`
}

function htmlBlock(b: Block): string {
  if (typeof b === 'object' && 'list' in b) {
    const items = b.list.map((item) => `<li>${item.map(htmlRun).join('')}</li>`).join('')
    return `<ul style="margin:0 0 12px;padding-left:20px">${items}</ul>`
  }
  return `${P}${runs(b).map(htmlRun).join('')}</p>`
}

function textBlock(b: Block): string {
  if (typeof b === 'object' && 'list' in b)
    return b.list.map((item) => `- ${item.map((r) => textRun(r, false)).join('')}`).join('\n')
  const rs = runs(b)
  return rs.map((r) => textRun(r, rs.length === 1)).join('')
}

/** The mail with its HTML and plain-text bodies, both from `blocks`; the subject is the HTML's heading. */
export function mail(head: { to: string; subject: string; replyTo?: string }, blocks: Block[]): EmailMessage {
  const html =
    `<!doctype html><html lang="es-CL"><body style="font-family:Arial,sans-serif;color:#111827;line-height:1.5">` +
    `<h1 style="font-size:20px">${escapeHtml(head.subject)}</h1>${blocks.map(htmlBlock).join('')}` +
    `<p style="color:#6b7280;font-size:12px">${FOOTER}</p></body></html>`
  const text = [...blocks.map(textBlock), FOOTER].join('\n\n')
  return { to: head.to, subject: head.subject, text, html, ...(head.replyTo ? { replyTo: head.replyTo } : {}) }
}
