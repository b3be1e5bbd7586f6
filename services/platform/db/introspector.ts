import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely'

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock'])

interface Row {
  table: string
  schema: string
  kind: string
  column: string | null
  type: string | null
  not_null: boolean | null
  has_default: boolean | null
  serial: boolean | null
}

/**
 * Kysely's PostgreSQL introspector (which the migrator uses to find its own tables) reads every
 * table of every schema and calls catalog functions by name on each, so it fails with "schema …
 * does not exist" when another schema of the same database is dropped meanwhile — other test
 * suites' schemas, or another application's. Ours looks only at the schema the connection
 * uses (`current_schema()`, set by search_path).
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await sql<{ name: string }>`SELECT nspname AS name FROM pg_catalog.pg_namespace`.execute(this.db)
    return rows.rows.map((r) => ({ name: r.name }))
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<Row>`
      SELECT c.relname AS "table", ns.nspname AS "schema", c.relkind AS "kind",
             a.attname AS "column", typ.typname AS "type", a.attnotnull AS "not_null", a.atthasdef AS "has_default",
             (pg_catalog.pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%') AS "serial"
      FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
      LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p')
      ORDER BY c.relname, a.attnum`.execute(this.db)
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>()
    for (const r of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(r.table)) continue
      let table = tables.get(r.table)
      if (!table) {
        table = { name: r.table, schema: r.schema, isView: r.kind === 'v', columns: [] }
        tables.set(r.table, table)
      }
      if (r.column) {
        table.columns.push({
          name: r.column,
          dataType: r.type ?? 'unknown',
          isNullable: !r.not_null,
          hasDefaultValue: !!r.has_default,
          isAutoIncrementing: !!r.serial,
        })
      }
    }
    return [...tables.values()]
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) }
  }
}

/** PostgresDialect whose introspection (and so the migrator) stays within the current schema. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db)
  }
}
