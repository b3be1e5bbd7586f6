/** Tables of the driver area (see migrations/). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DriverAreaTables {}
