/** The HTML shell of every mail Fleeters sends (the text part is written by each mail). */
export function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
}

/** `paragraphs` are HTML already: escape what a person typed before passing it. */
export function mailLayout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px;white-space:pre-line">${p}</p>`).join('')
  return (
    `<!doctype html><html lang="es-CL"><body ` +
    `style="font-family:Arial,sans-serif;color:#111827;line-height:1.5"><h1 ` +
    `style="font-size:20px">${escapeHtml(title)}</h1>${body}<p ` +
    `style="color:#6b7280;font-size:12px">Fleeters · Conductores de última ` +
    `milla</p></body></html>`
  )
}
