/** Saves text as a file through the browser's download (an object URL on a temporary link). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the URL by the next task; it is released then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
