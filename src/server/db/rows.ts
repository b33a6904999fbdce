import { getTableColumns, type InferInsertModel, type InferSelectModel, type Table } from 'drizzle-orm';

/** The rows of a raw statement (`db.execute`), as both drivers (node-postgres, PGlite) return them. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows) ? (result.rows as T[]) : [];
}

/** A table's values by their columns' names, as the database takes them: the record a SQL function takes as jsonb. */
export function columnRecord<T extends Table>(table: T, values: InferInsertModel<T>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (column && value !== undefined) record[column.name] = value === null ? null : column.mapToDriverValue(value);
  }
  return record;
}

/** A row of the table that a SQL function answered (columns by name), as a select of the table gives it. */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
