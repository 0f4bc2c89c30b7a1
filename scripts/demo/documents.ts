import { crc32, deflateSync } from 'node:zlib';

/**
 * Real documents for the demo's file storage, made here rather than shipped as binaries, of the sizes an agency's files have:
 * PDFs as office software writes them (a letterhead picture, pages of text) and as a scanner writes them (a picture of each page
 * with the text over it), and photos as PNG. They open in any viewer (and in the panel's preview). Sizes come from the pictures:
 * grainy paper and photos compress about as well as real ones, so a wanted size gives a picture's number of pixels.
 */

/** A small, fast generator of the pictures' grain (mulberry32): the same seed gives the same bytes. */
function grain(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

interface Picture {
  width: number;
  height: number;
  /** 1 (grey) or 3 (RGB) bytes a pixel, row after row. */
  channels: 1 | 3;
  pixels: Buffer;
}

/** Grain hardly compresses at any level: the fastest costs a few per cent in size and saves most of the time. */
const FAST = { level: 1 };

/** Compressed bytes a pixel of grain at this many levels per channel (measured on deflate's output). */
const BYTES_PER_PIXEL = { 1: 0.565, 3: 2.24 } as const;

/** The width and height of an A4-shaped (or 4:3) picture whose grain compresses to about `bytes`. */
function sizeFor(bytes: number, channels: 1 | 3, ratio: number): { width: number; height: number } {
  const pixels = bytes / BYTES_PER_PIXEL[channels];
  const width = Math.max(16, Math.round(Math.sqrt(pixels / ratio)));
  return { width, height: Math.max(16, Math.round(width * ratio)) };
}

/**
 * A scanned page: grey paper with grain and a shadow at the left edge, and dark words on each of `lines` lines (none where the
 * PDF writes its text over the picture).
 */
function scannedPage(bytes: number, lines: number, seed: number): Picture {
  const { width, height } = sizeFor(bytes, 1, 842 / 595);
  const random = grain(seed);
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    const points = (y / height) * 842 - 62; // from the title's line down, in the PDF's 18-point lines
    const line = Math.floor(points / 18);
    const inGlyphs = line >= 0 && line < lines && points - line * 18 > 6 && points - line * 18 < 14;
    const lineEnd = width * (0.5 + (((line * 37 + seed) % 10) / 10) * 0.35);
    for (let x = 0; x < width; x += 1) {
      const inWord = inGlyphs && x > width * 0.09 && x < lineEnd && (x * 7 + line * 13) % 61 < 50;
      const shade = (inWord ? 150 : 238) - (x < width * 0.03 ? 30 : 0);
      pixels[y * width + x] = shade + (random() & 15);
    }
  }
  return { width, height, channels: 1, pixels };
}

/** A photo of a room: light falling from a window at the top left, a darker floor, the sensor's grain. */
function photoPicture(bytes: number, seed: number): Picture {
  const { width, height } = sizeFor(bytes, 3, 3 / 4);
  const random = grain(seed);
  const pixels = Buffer.alloc(width * height * 3);
  const tint = [200, 170, 140].map((base, index) => base - ((seed >> (index * 3)) & 31));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const inWindow = x > width * 0.1 && x < width * 0.35 && y > height * 0.12 && y < height * 0.5;
      const light = inWindow
        ? 1.25
        : (y > height * 0.7 ? 0.6 : 1) * (0.45 + 0.55 * (1 - x / width) * (1 - (0.6 * y) / height));
      for (let channel = 0; channel < 3; channel += 1)
        pixels[(y * width + x) * 3 + channel] = Math.min(247, Math.floor(tint[channel] * light)) + (random() & 7);
    }
  }
  return { width, height, channels: 3, pixels };
}

/** PDF text strings escape backslashes and parentheses; the standard fonts know Latin-1 (WinAnsi) only. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

const imageObject = (picture: Picture) => {
  const data = deflateSync(picture.pixels, FAST);
  const colours = picture.channels === 1 ? '/DeviceGray' : '/DeviceRGB';
  const header = `<< /Type /XObject /Subtype /Image /Width ${picture.width} /Height ${picture.height} /ColorSpace ${colours} /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`;
  return Buffer.concat([Buffer.from(header, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
};

function pageText(title: string, lines: string[], page: number, pages: number): Buffer {
  const heading = page === 0 ? [`BT /F1 18 Tf 56 780 Td (${pdfText(title)}) Tj ET`] : [];
  const body = lines.map((line, index) => `BT /F1 11 Tf 56 ${740 - index * 18} Td (${pdfText(line)}) Tj ET`);
  const footer = `BT /F1 9 Tf 56 40 Td (${pdfText(`Seite ${page + 1} von ${pages}`)}) Tj ET`;
  return Buffer.from([...heading, ...body, footer].join('\n'), 'latin1');
}

/** A PDF of the given objects (1-based numbers in the order given), the first being the catalog. */
function pdfOf(objects: Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

export interface PdfOptions {
  title: string;
  /** Lines of text of each page. */
  pages: string[][];
  /** A scan: every page is a picture of paper under its text; else a letterhead picture sits at the top of the first page. */
  scanned?: boolean;
  /** About how many bytes the file should have (its pictures make them). */
  bytes: number;
  seed: number;
}

/** An A4 PDF in Helvetica, of office software or of a scanner, of about `bytes` bytes. */
export function demoPdf({ title, pages, scanned = false, bytes, seed }: PdfOptions): Buffer {
  const objects: Buffer[] = [];
  /** Adds an object; returns its number. */
  const add = (object: string | Buffer) =>
    objects.push(typeof object === 'string' ? Buffer.from(object, 'latin1') : object);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the pages are known
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const letterhead = scanned ? 0 : add(imageObject(photoPicture(bytes, seed)));
  const kids = pages.map((lines, page) => {
    const picture = scanned
      ? add(imageObject(scannedPage(bytes / pages.length, 0, seed + page)))
      : page === 0
        ? letterhead
        : 0;
    const placed = !picture
      ? ''
      : scanned
        ? `q 595 0 0 842 0 0 cm /Im${picture} Do Q\n`
        : `q 120 0 0 90 419 736 cm /Im${picture} Do Q\n`;
    const text = Buffer.concat([Buffer.from(placed, 'latin1'), pageText(title, lines, page, pages.length)]);
    const content = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${text.length} >>\nstream\n`, 'latin1'),
        text,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    const images = picture ? ` /XObject << /Im${picture} ${picture} 0 R >>` : '';
    return add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >>${images} >> /Contents ${content} 0 R >>`,
    );
  });
  objects[1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    'latin1',
  );
  return pdfOf(objects);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

function pngOf({ width, height, channels, pixels }: Picture): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 3 ? 2 : 0, 0, 0, 0], 8); // 8 bits per channel, RGB or grey, no interlace
  const stride = width * channels;
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride); // filter 0 per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, FAST)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo as a PNG of about `bytes` bytes (4:3). */
export const demoPhoto = (bytes: number, seed: number): Buffer => pngOf(photoPicture(bytes, seed));

/** A scanned sheet as a PNG of about `bytes` bytes (A4, grey). */
export const demoScan = (bytes: number, seed: number): Buffer => pngOf(scannedPage(bytes, 22, seed));

/** The agency's logo: a teal disc with a white cross, on a faintly grained white (as exported from a photo editor). */
export function demoLogo(size = 320): Buffer {
  const centre = (size - 1) / 2;
  const random = grain(size);
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inDisc = (x - centre) ** 2 + (y - centre) ** 2 <= (size * 0.45) ** 2;
      const inCross =
        (Math.abs(x - centre) < size * 0.08 && Math.abs(y - centre) < size * 0.3) ||
        (Math.abs(y - centre) < size * 0.08 && Math.abs(x - centre) < size * 0.3);
      const colour = !inDisc || inCross ? [250, 250, 250] : [0, 121, 107];
      for (let channel = 0; channel < 3; channel += 1)
        pixels[(y * size + x) * 3 + channel] = colour[channel] + (random() & 3);
    }
  }
  return pngOf({ width: size, height: size, channels: 3, pixels });
}
