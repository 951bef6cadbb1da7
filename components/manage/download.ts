/** Files the management page saves (a QR code, an export), through a link to a Blob: no downloads permission. */

/** Saves a blob as a file through a temporary download link. */
export function downloadBlob(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const anchor = doc.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  doc.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next task: the click starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
