/** Saves a file the page fetched itself (with the bearer token) under `fileName`, as a link with `download` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the browser keeps what it needs.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
