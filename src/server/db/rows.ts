import { getTableColumns, sql, type InferInsertModel, type SQL, type Table } from 'drizzle-orm';

/** The rows of a raw statement (`db.execute`), as both drivers (node-postgres, PGlite) return them. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows) ? (result.rows as T[]) : [];
}

/** A table's values by their columns' names, as the database takes them: the record a SQL function takes as jsonb. */
export function columnRecord<T extends Table>(table: T, values: Partial<InferInsertModel<T>>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (column && value !== undefined) record[column.name] = value === null ? null : column.mapToDriverValue(value);
  }
  return record;
}

/**
 * A table's columns as selected from a SQL function that answers the table's rows (`select … from
 * f(…)`), each read as the table's column reads it: a prepared statement of the function gives rows
 * as a select of the table does.
 */
export function functionRowFields<T extends Table>(table: T): { [K in keyof T['_']['columns']]: SQL<T['_']['columns'][K]['_']['data']> } {
  const fields: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) fields[key] = sql`${sql.identifier(column.name)}`.mapWith(column);
  return fields as { [K in keyof T['_']['columns']]: SQL<T['_']['columns'][K]['_']['data']> };
}
