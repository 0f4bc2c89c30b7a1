import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Stored files. References live on the row: `references` for the wire, `reference_kinds` and `reference_values` for the search indexes. */
export const files = pgTable(
  'files',
  {
    uid: uuid('uid').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    contentType: text('content_type').notNull(),
    uploaded: timestamp('uploaded', { withTimezone: true }).notNull().defaultNow(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5Hash: text('md5_hash').notNull(),
    storageKey: text('storage_key').notNull(),
    references: jsonb('references')
      .$type<{ name: string; value: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Kinds without their Legacy prefix, for the reference-kind filter. */
    referenceKinds: text('reference_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Reference values joined by newlines, for the text search. */
    referenceValues: text('reference_values').notNull().default(''),
  },
  (table) => [
    index('files_uploaded_idx').on(table.uploaded, table.uid),
    index('files_name_idx').on(table.name, table.uid),
    index('files_size_idx').on(table.size, table.uid),
    index('files_content_type_idx').on(table.contentType, table.uid),
    // descriptions may be too long for a btree entry; the prefix orders them and the sort finishes ties
    index('files_description_prefix_idx').on(sql`left(${table.description}, 64)`),
    index('files_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('files_description_trgm_idx').using('gin', table.description.op('gin_trgm_ops')),
    index('files_reference_values_trgm_idx').using('gin', table.referenceValues.op('gin_trgm_ops')),
    index('files_reference_kinds_idx').using('gin', table.referenceKinds),
    // the words of name, description and reference values (file_words, migration 0011), for a text query that holds a word boundary
    index('files_search_words_idx')
      .using('gin', sql`array_to_tsvector(file_words(${table.name}, ${table.description}, ${table.referenceValues}))`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Every word that a file's searchable text holds or held (kept by triggers on files, migration 0011): a text query's first and last word
 * may be part of a longer word, which file_search_query looks up here by its end and its start.
 */
export const fileSearchWords = pgTable('file_search_words', { word: text('word').notNull() }, (table) => [
  uniqueIndex('file_search_words_word_key').on(table.word.op('text_pattern_ops')),
  index('file_search_words_reversed_idx').on(sql`reverse(${table.word}) text_pattern_ops`),
]);
