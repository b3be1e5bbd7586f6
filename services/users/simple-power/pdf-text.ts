import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFNumber,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib'

/**
 * The text drawn on the pages of a PDF made by renderPowerDocument, for tests: pdf-lib writes
 * each line as one hex string (WinAnsi bytes) in flate-compressed content streams.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const lines: string[] = []
  for (const page of doc.getPages()) {
    const contents = page.node.Contents()
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as PDFRef)
      if (!(stream instanceof PDFRawStream)) continue
      const raw = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
      for (const m of raw.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
        lines.push(new TextDecoder('windows-1252').decode(Buffer.from(m[1]!, 'hex')))
      for (const m of raw.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) lines.push(m[1]!)
    }
  }
  return lines.join('\n')
}

/** For tests: the images each page draws (its XObjects of subtype Image), with their pixel size and filter. */
export async function pdfPageImages(
  bytes: Uint8Array,
): Promise<Array<Array<{ width: number; height: number; filter: string }>>> {
  const doc = await PDFDocument.load(bytes)
  return doc.getPages().map((page) => {
    const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'))
    if (!(xobjects instanceof PDFDict)) return []
    const images: Array<{ width: number; height: number; filter: string }> = []
    for (const [, ref] of xobjects.entries()) {
      const stream = doc.context.lookup(ref)
      if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue
      const num = (key: string) => (stream.dict.get(PDFName.of(key)) as PDFNumber).asNumber()
      images.push({ width: num('Width'), height: num('Height'), filter: String(stream.dict.get(PDFName.of('Filter'))) })
    }
    return images
  })
}
