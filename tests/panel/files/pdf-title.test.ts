import { describe, expect, it } from 'vitest';
import { withPdfTitle } from '../../../src/resources/files/pdfTitle';
import { pdfWithStream, pdfWithTable } from '../support/pdfs';

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
/** 'Müller 😀.pdf' as a PDF text string: UTF-16BE with its byte order mark, the emoji as a surrogate pair. */
const TITLE = '<FEFF004D00FC006C006C006500720020D83DDE00002E007000640066>';

describe('a PDF titled for the preview', () => {
  it('gets a document information dictionary with the title in an update after a cross-reference table', () => {
    const original = pdfWithTable();
    const titled = withPdfTitle(original, 'Müller 😀.pdf');
    expect(titled.subarray(0, original.length)).toEqual(original);
    const update = text(titled.subarray(original.length));
    const infoAt = original.length + 1;
    expect(update).toBe(
      `\n6 0 obj\n<< /Title ${TITLE} >>\nendobj\n` +
        `xref\n6 1\n${String(infoAt).padStart(10, '0')} 00000 n \n` +
        `trailer\n<< /Size 7 /Root 1 0 R /Info 6 0 R /Prev ${text(original).indexOf('xref\n0 6')} >>\n` +
        `startxref\n${text(titled).lastIndexOf('xref\n6 1')}\n%%EOF\n`,
    );
    expect(text(titled.subarray(infoAt, infoAt + 7))).toBe('6 0 obj');
  });

  it('and after a cross-reference stream, pointing back to it', () => {
    const original = pdfWithStream();
    const update = text(withPdfTitle(original, 'a.pdf').subarray(original.length));
    expect(update).toContain('<< /Title <FEFF0061002E007000640066> >>');
    expect(update).toContain(
      `trailer\n<< /Size 8 /Root 1 0 R /Info 7 0 R /Prev ${text(original).indexOf('6 0 obj')} >>`,
    );
  });

  it('stays as it is where it is encrypted or its end cannot be read', () => {
    const encrypted = pdfWithTable({ encrypted: true });
    expect(withPdfTitle(encrypted, 'a.pdf')).toBe(encrypted);
    const cut = pdfWithTable().subarray(0, 300);
    expect(withPdfTitle(cut, 'a.pdf')).toBe(cut);
    const notPdf = new TextEncoder().encode('%PDF-');
    expect(withPdfTitle(notPdf, 'a.pdf')).toBe(notPdf);
  });
});
