const latin1 = new TextDecoder('latin1');

/** A PDF text string in UTF-16BE with its byte order mark, written in hex, so that any name needs no escaping. */
function pdfTextString(text: string): string {
  const units = [...text].flatMap((character) => {
    const code = character.codePointAt(0)!;
    if (code <= 0xffff) return [code];
    const offset = code - 0x10000;
    return [0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff)];
  });
  return `<FEFF${units
    .map((unit) => unit.toString(16).padStart(4, '0'))
    .join('')
    .toUpperCase()}>`;
}

/** Where the last cross-reference section starts, and its trailer (or cross-reference stream) dictionary; null where unreadable. */
function lastSection(bytes: Uint8Array): { start: number; dictionary: string } | null {
  const tail = latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024)));
  const start = Number([...tail.matchAll(/startxref\s+(\d+)/g)].at(-1)?.[1] ?? NaN);
  if (!Number.isSafeInteger(start) || start >= bytes.length) return null;
  const section = latin1.decode(bytes.subarray(start));
  const dictionary = section.startsWith('xref')
    ? /trailer\s*(<<[\s\S]*?)startxref/.exec(section)?.[1]
    : /^\d+\s+\d+\s+obj\s*(<<[\s\S]*?)stream/.exec(section)?.[1];
  return dictionary ? { start, dictionary } : null;
}

/**
 * The PDF with `title` as its document title, added as an incremental update: a new document information dictionary and a
 * cross-reference section whose trailer points back to the previous one. Browsers' PDF viewers name a document by its
 * title, else by the last part of its URL, which for the preview's object URL is a random id. An encrypted file, or one
 * whose end cannot be read, comes back unchanged.
 */
export function withPdfTitle(bytes: Uint8Array<ArrayBuffer>, title: string): Uint8Array<ArrayBuffer> {
  const last = lastSection(bytes);
  const root = last && /\/Root\s+(\d+\s+\d+\s+R)/.exec(last.dictionary)?.[1];
  const size = last && Number(/\/Size\s+(\d+)/.exec(last.dictionary)?.[1]);
  if (!last || !root || !size || /\/Encrypt\b/.test(last.dictionary)) return bytes;
  const info = `\n${size} 0 obj\n<< /Title ${pdfTextString(title)} >>\nendobj\n`;
  const xref = bytes.length + info.length;
  const entry = `${String(bytes.length + 1).padStart(10, '0')} 00000 n \n`;
  const update = `${info}xref\n${size} 1\n${entry}trailer\n<< /Size ${size + 1} /Root ${root} /Info ${size} 0 R /Prev ${last.start} >>\nstartxref\n${xref}\n%%EOF\n`;
  const appended = new Uint8Array(bytes.length + update.length);
  appended.set(bytes);
  appended.set(
    Uint8Array.from(update, (character) => character.charCodeAt(0)),
    bytes.length,
  );
  return appended;
}
