/** Tables of the public site (see migrations/). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PublicSiteTables {}
