/** Tables of the marketplace (see migrations/). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MarketplaceTables {}
