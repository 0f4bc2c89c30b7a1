/** Upload (spec section 5): valid only when a file is chosen, the name is longer than 3 characters and the description is not empty. */
export function isUploadValid(values: { file: File | null; name: string; description: string }): boolean {
  return values.file !== null && values.name.trim().length > 3 && values.description.trim() !== '';
}
