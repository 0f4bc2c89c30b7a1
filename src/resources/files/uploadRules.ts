/**
 * Upload: valid only when a file is chosen, the name is longer than 3 characters and the description is
 * not empty; and the file is not empty (a 0-byte file is almost always a failed export, so the panel does not store it).
 */
export function isUploadValid(values: { file: File | null; name: string; description: string }): boolean {
  return (
    values.file !== null && values.file.size > 0 && values.name.trim().length > 3 && values.description.trim() !== ''
  );
}
