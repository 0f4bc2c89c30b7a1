/**
 * A multipart request's parts as the environment's FormData, read by hand: from Node.js 24 on, undici's own parser (behind
 * `request.formData()`) makes each file with the global File, which in the panel tests is jsdom's, and then refuses it as not
 * its own. Other bodies go to `request.formData()`.
 */
export async function formDataOf(request: Request): Promise<FormData> {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(request.headers.get('content-type') ?? '');
  if (!boundary) return request.formData();
  const body = Buffer.from(await request.arrayBuffer());
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const form = new FormData();
  for (let start = body.indexOf(delimiter); start !== -1;) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // each part sits between the CRLF after its delimiter and the CRLF before the next one
    appendPart(form, body.subarray(start + delimiter.length + 2, next - 2));
    start = next;
  }
  return form;
}

function appendPart(form: FormData, part: Buffer) {
  const split = part.indexOf('\r\n\r\n');
  const head = part.subarray(0, split).toString('utf8');
  const content = part.subarray(split + 4);
  const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
  const filename = /filename="([^"]*)"/.exec(head)?.[1];
  if (filename === undefined) form.append(name, content.toString('utf8'));
  else
    form.append(
      name,
      new File([new Uint8Array(content)], filename, { type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '' }),
    );
}
