import { decodeBase64 } from '../../../shared/encoding/base64';

/** Saves text or bytes through the browser's download path (works the same in Electron). */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function saveText(filename: string, text: string, type = 'application/json'): void {
  saveBlob(filename, new Blob([text], { type }));
}

/** The bytes of base64 text for a download (line breaks allowed); throws when it is not base64, as atob did. */
export function base64ToBytes(base64: string): Uint8Array {
  const bytes = decodeBase64(base64, { ignoreWhitespace: true });
  if (!bytes) throw new Error('The content is not valid base64.');
  return bytes;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
