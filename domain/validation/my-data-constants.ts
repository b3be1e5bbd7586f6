/** «Mis datos» limits the pages show without loading the schemas (zod) with them (decision 75). */
export const RECTIFICATION_MAX = 1000
export const ANSWER_NOTE_MAX = 1000
