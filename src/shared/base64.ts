// Bytes as base64, the form files take on the relay (JSON only), used by the panel and the content script.

/** In chunks: String.fromCharCode with a whole file's bytes as arguments would overflow the stack. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
