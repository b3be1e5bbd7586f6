/** The .eml outbox files are quoted-printable with encoded-word subjects: read them as text. */
export function decodeMail(raw: string): string {
  const subjects = raw
    .replace(/\?=\r?\n[ \t]+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, s: string) => s.replace(/_/g, ' '))
  // One decoding pass over bytes, so multi-byte characters come out whole.
  const bytes = subjects
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}
