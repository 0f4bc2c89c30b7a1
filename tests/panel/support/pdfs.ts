/** Small one-page PDFs without a title, as tests need them: with a cross-reference table, or (PDF 1.5) a cross-reference stream. */

const OBJECTS = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  '<< /Length 37 >>\nstream\nBT /F1 24 Tf 40 100 Td (Hello) Tj ET\nendstream',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];

const bytesOf = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** The header and the five objects, with where each starts. */
function body(version: string): { text: string; offsets: number[] } {
  let text = `%PDF-${version}\n`;
  const offsets = OBJECTS.map((object, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  return { text, offsets };
}

export function pdfWithTable({ encrypted = false } = {}): Uint8Array<ArrayBuffer> {
  const { text, offsets } = body('1.4');
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  const encrypt = encrypted ? ' /Encrypt 9 0 R' : '';
  return bytesOf(
    `${text}xref\n0 6\n0000000000 65535 f \n${entries}trailer\n<< /Size 6 /Root 1 0 R${encrypt} >>\nstartxref\n${text.length}\n%%EOF\n`,
  );
}

export function pdfWithStream(): Uint8Array<ArrayBuffer> {
  const { text, offsets } = body('1.5');
  const row = (type: number, value: number, generation: number) =>
    String.fromCharCode(
      type,
      value >>> 24,
      (value >>> 16) & 255,
      (value >>> 8) & 255,
      value & 255,
      generation >> 8,
      generation & 255,
    );
  const rows = row(0, 0, 65535) + offsets.map((offset) => row(1, offset, 0)).join('') + row(1, text.length, 0);
  const xref = `6 0 obj\n<< /Type /XRef /Size 7 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n${rows}\nendstream\nendobj\n`;
  return bytesOf(`${text}${xref}startxref\n${text.length}\n%%EOF\n`);
}
