/**
 * jsdom's Blob has no arrayBuffer() or text(), which browsers have. On Node.js 20 a fetched body's blob() is Node's own Blob,
 * which has both; from Node.js 24 on it is the environment's global Blob, jsdom's, so the panel's reading of a downloaded file
 * would fail only in the tests. They read through jsdom's FileReader, as a browser would.
 */
export function installBlobReading(): void {
  const read = (blob: Blob, as: 'readAsArrayBuffer' | 'readAsText') =>
    new Promise<FileReader['result']>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = () => reject(reader.error ?? new Error('the blob could not be read'));
      reader[as](blob);
    });
  const prototype = Blob.prototype as Partial<Blob>;
  prototype.arrayBuffer ??= function (this: Blob) {
    return read(this, 'readAsArrayBuffer') as Promise<ArrayBuffer>;
  };
  prototype.text ??= function (this: Blob) {
    return read(this, 'readAsText') as Promise<string>;
  };
}
