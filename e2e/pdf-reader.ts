/**
 * Reads a downloaded PDF as a reader's tool does (pdf.js): the text of every page and the sizes of the images
 * it paints. pdf.js 6 expects Node 22's `Promise.withResolvers` and `ArrayBuffer#transferToFixedLength`;
 * on Node 20 they are filled in here first.
 */
function polyfillNode20(): void {
  const promise = Promise as unknown as { withResolvers?: () => unknown };
  promise.withResolvers ??= () => {
    let resolve: ((value: unknown) => void) | undefined;
    let reject: ((reason: unknown) => void) | undefined;
    const created = new Promise((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    return { promise: created, resolve, reject };
  };
  const buffers = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (this: ArrayBuffer, length?: number) => ArrayBuffer };
  buffers.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };
}

export async function readPdf(bytes: Uint8Array): Promise<{ text: string; images: { width: number; height: number }[] }> {
  polyfillNode20();
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false }).promise;
  let text = '';
  const images: { width: number; height: number }[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
    const ops = await page.getOperatorList();
    for (let i = 0; i < ops.fnArray.length; i += 1) {
      if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
      const name = (ops.argsArray[i] as unknown[])[0] as string;
      const image = await new Promise<{ width: number; height: number }>((resolve) => page.objs.get(name, resolve));
      images.push({ width: image.width, height: image.height });
    }
  }
  return { text, images };
}
