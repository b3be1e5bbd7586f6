/** A document's name and address, as the loader reads them from domain/privacy.ts. */
export interface DocumentLinkData {
  title: string
  path: string
}
export interface TermsLinks {
  terms: DocumentLinkData
  privacy: DocumentLinkData
}

const LINK = 'font-medium text-brand-700 underline'

/** A document opened from a form: in a new tab, so what was typed stays. */
function DocumentLink({ doc }: { doc: DocumentLinkData }) {
  return (
    <a href={doc.path} target="_blank" rel="noopener" className={LINK}>
      {doc.title}
    </a>
  )
}

/**
 * The registration checkbox's label: it names and links both documents it accepts (decision 74).
 * The names come as loader data, not by importing domain/privacy.ts: that module carries the whole
 * policy, and the registration pages have a few hundred bytes of JS left (decision 71).
 */
export function TermsLabel({ links }: { links: TermsLinks }) {
  return (
    <>
      Acepto los <DocumentLink doc={links.terms} /> y la <DocumentLink doc={links.privacy} />
      <span className="sr-only"> (los enlaces se abren en una pestaña nueva)</span>
    </>
  )
}
