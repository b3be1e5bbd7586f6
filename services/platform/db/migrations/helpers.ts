import type { CreateTableBuilder, Kysely } from 'kysely'
import type { ColumnCipher } from '#services/platform/column-crypto'

export type Dialect = 'sqlite' | 'postgres'

/** An auto-incrementing integer key, spelled the way each engine wants it. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect, name = 'id') {
  return dialect === 'postgres'
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement())
}

/** `CREATE TABLE name (id …primary key)`, ready for more columns. */
export function createTable(db: Kysely<any>, dialect: Dialect, name: string) {
  return withId(db.schema.createTable(name), dialect)
}

/** What a migration may need besides the database: the column cipher, to encrypt rows in place (0024). */
export interface MigrationContext {
  columns?: ColumnCipher
}
