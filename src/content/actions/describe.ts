// How actions name an element in their messages: `[12] button "Save"`.

import { semanticRole } from '../snapshot/naming/classify';
import { accessibleName } from '../snapshot/naming/names';

export function describeTarget(element: Element, ref?: number): string {
  const role = semanticRole(element) ?? element.localName;
  const name = accessibleName(element, role);
  return `${ref !== undefined ? `[${ref}] ` : ''}${role}${name ? ` "${name}"` : ''}`;
}
