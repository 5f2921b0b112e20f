// How the content script knows the mask's host element, so snapshots, hit-tests and the mutation clock skip it. By
// identity, not by a name in the DOM: the host's tag is drawn at random per mask, so while a task runs the page
// holds no mark a selector written in advance could find (decision 0015).

const hosts = new WeakSet<Node>();

/** A custom-element-style tag no page can know beforehand. */
export function unguessableTagName(): string {
  const letters = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) =>
    String.fromCharCode(97 + (byte % 26)),
  );
  return `x-${letters.join('')}`;
}

export function markMaskHost(host: Element): void {
  hosts.add(host);
}

export function isMaskHost(node: Node | null | undefined): boolean {
  return node instanceof Element && hosts.has(node);
}
