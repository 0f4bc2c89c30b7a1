import type { FileMetaChanges, FileRecord, FileReference } from '../../dataProviders/files';
import { REFERENCE_KINDS } from './format';

/** The names a reference may have: each kind, also with the Legacy prefix (the service's rule). */
export const REFERENCE_NAMES = REFERENCE_KINDS.flatMap((kind) => [kind, `Legacy${kind}`]);

export const MAX_REFERENCES = 100;
export const MAX_REFERENCE_VALUE = 256;

export interface FileEditValues {
  name: string;
  description: string;
  references: FileReference[];
}

export const editValuesOf = (record: FileRecord): FileEditValues => ({
  name: record.name,
  description: record.description,
  references: record.references.map(({ name, value }) => ({ name, value })),
});

/** As the upload: a name longer than 3 characters and a description; every reference with a value of up to 256 characters. */
export const nameValid = (name: string) => name.trim().length > 3;
export const descriptionValid = (description: string) => description.trim() !== '';
export const referenceValueValid = (value: string) => value.trim() !== '' && value.trim().length <= MAX_REFERENCE_VALUE;

export function editValid(values: FileEditValues): boolean {
  return (
    nameValid(values.name) &&
    descriptionValid(values.description) &&
    values.references.length <= MAX_REFERENCES &&
    values.references.every((reference) => referenceValueValid(reference.value))
  );
}

/** The fields the values change (trimmed), for the PATCH; empty when nothing changed. */
export function editChanges(record: FileRecord, values: FileEditValues): FileMetaChanges {
  const changes: FileMetaChanges = {};
  const name = values.name.trim();
  const description = values.description.trim();
  const references = values.references.map(({ name: kind, value }) => ({ name: kind, value: value.trim() }));
  if (name !== record.name) changes.name = name;
  if (description !== record.description) changes.description = description;
  if (JSON.stringify(references) !== JSON.stringify(editValuesOf(record).references)) changes.references = references;
  return changes;
}
