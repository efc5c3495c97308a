import type { ColumnType } from 'kysely';

/** The column types the tables share (schema.ts, schema-voice.ts): read as Date, written as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in when the insert leaves it out. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, T, T>;
