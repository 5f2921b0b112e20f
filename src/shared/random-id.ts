// Random ids for code that runs in web pages. `crypto.randomUUID` exists in secure contexts only
// (https://developer.mozilla.org/en-US/docs/Web/API/Crypto/randomUUID), so on a plain `http://` site other than
// localhost it is undefined and the content script died at boot (decision 0025). `crypto.getRandomValues`
// exists in every context (https://developer.mozilla.org/en-US/docs/Web/API/Crypto/getRandomValues).

/** `bytes` random bytes as lowercase hex (two characters a byte); 16 bytes hold as much chance as a UUID's 122 bits. */
export function randomHexId(bytes = 16): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
