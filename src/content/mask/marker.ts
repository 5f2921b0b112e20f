// The attribute that marks the mask's host element, so snapshots, hit-tests and the mutation clock skip it.

export const MASK_ATTRIBUTE = 'data-steadyhand-mask';

export function isMaskHost(node: Node | null | undefined): boolean {
  return node instanceof Element && node.hasAttribute(MASK_ATTRIBUTE);
}
