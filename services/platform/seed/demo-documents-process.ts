/**
 * Started by drawDemoDocuments (demo-documents.ts) as a process of its own: draws the demo
 * driver's documents one at a time, sends their bytes to the server in one message and ends, so
 * the memory the drawing took goes back to the system.
 */
import { DEMO_DOCUMENTS } from './demo-documents'
import { demoDocumentBytes } from './specimen-photos'

const files: Uint8Array[] = []
for (const doc of DEMO_DOCUMENTS) files.push(await demoDocumentBytes(doc))
process.send!(files, () => process.disconnect())
