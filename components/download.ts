/**
 * Files the pages save (a QR code, an export, bulk results, a settings file): through a link to a Blob,
 * so no `downloads` permission is needed.
 */

/** Saves a blob as a file in the user's downloads, through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const anchor = doc.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  doc.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started once click() returns; the URL is kept a while for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
