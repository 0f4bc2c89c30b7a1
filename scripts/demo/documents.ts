import { crc32, deflateSync } from 'node:zlib';

/**
 * Small but real documents for the demo's file storage, made here rather than shipped as binaries: a one-page PDF, a PNG
 * and plain text that open in any viewer (and in the panel's preview).
 */

/** PDF text strings escape backslashes and parentheses; the standard fonts know Latin-1 (WinAnsi) only. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

/** A one-page A4 PDF with a title and lines of text in Helvetica. */
export function demoPdf(title: string, lines: string[]): Buffer {
  const text = [`BT /F1 18 Tf 56 780 Td (${pdfText(title)}) Tj ET`, ...lines.map((line, index) => `BT /F1 11 Tf 56 ${740 - index * 18} Td (${pdfText(line)}) Tj ET`)].join('\n');
  const content = Buffer.from(text, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

/** A PNG of `width` × `height` RGB pixels, each coloured by `pixel(x, y)`. */
export function demoPng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const rows = Array.from({ length: height }, (_, y) => Buffer.from([0, ...Array.from({ length: width }, (_, x) => pixel(x, y)).flat()]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The agency's logo as a demo picture: a teal disc with a white cross on white. */
export function demoLogo(size = 64): Buffer {
  const centre = (size - 1) / 2;
  return demoPng(size, size, (x, y) => {
    const inDisc = (x - centre) ** 2 + (y - centre) ** 2 <= (size * 0.45) ** 2;
    const inCross = (Math.abs(x - centre) < size * 0.08 && Math.abs(y - centre) < size * 0.3) || (Math.abs(y - centre) < size * 0.08 && Math.abs(x - centre) < size * 0.3);
    if (!inDisc) return [255, 255, 255];
    return inCross ? [255, 255, 255] : [0, 121, 107];
  });
}
