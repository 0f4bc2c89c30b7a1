import { vi } from 'vitest';

/** A file the panel handed to the browser for download. */
export interface Download {
  name: string;
  blob: Blob;
}

/** Captures what a CSV export hands to the browser: the file name and its bytes. */
export function captureDownloads(): Download[] {
  const files: Download[] = [];
  let blob: Blob | null = null;
  URL.createObjectURL = vi.fn((created: Blob) => {
    blob = created;
    return 'blob:fake';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
export const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('reading the blob failed'));
    reader.readAsArrayBuffer(blob);
  });

/** The file's text with its byte order mark kept. */
export const textOf = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(blob));

/** The CSV's lines after the byte order mark (which the file must start with), split at CRLF; the last is empty. */
export async function csvLinesOf(file: Download): Promise<string[]> {
  const text = await textOf(file.blob);
  if (!text.startsWith('\uFEFF')) throw new Error('the CSV has no UTF-8 byte order mark');
  return text.slice(1).split('\r\n');
}
