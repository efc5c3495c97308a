import { sql, type RawBuilder } from 'kysely';

/**
 * A jsonb value that both drivers store the same way. postgres.js JSON-encodes a string parameter it
 * believes is jsonb (storing a JSON *string*) and turns JS arrays into PostgreSQL arrays; sending text and
 * casting in SQL avoids both.
 */
export function jsonb<T>(value: T): RawBuilder<T> {
  return sql<T>`cast(cast(${JSON.stringify(value)} as text) as jsonb)`;
}
