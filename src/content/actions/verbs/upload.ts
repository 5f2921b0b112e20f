// upload_file in the page: a file input gets the file through a DataTransfer (`input.files = dt.files`, then input
// and change, as a person's pick fires them); anything else is treated as a drop zone and gets dragenter, dragover
// and drop carrying the file. Verified only when the page bears it out: the input holds the file, or the zone
// accepted the drop (cancelled dragover or drop, as the HTML drag-and-drop model requires of a drop target) and
// changed something.

import type { ActionResult, FilePayload, UploadArgs } from '../../../shared/page-types';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { describeTarget } from '../describe';
import { EffectWatch } from '../effects/effects';
import { bringIntoView } from '../pointer/pointer';

/** How far up from the ref a single file input is looked for (a styled button and its hidden input share a parent). */
const ANCESTOR_DEPTH = 3;

function isFileInput(element: Element | null | undefined): element is HTMLInputElement {
  return element?.localName === 'input' && (element as HTMLInputElement).type === 'file';
}

/** The file input the ref is, or controls: a label's control, aria-controls, or the one input inside or beside it. */
export function fileInputFor(element: Element): HTMLInputElement | null {
  if (isFileInput(element)) return element;
  const control = (element as HTMLLabelElement).control;
  if (isFileInput(control)) return control;
  const controls = element.getAttribute('aria-controls');
  const byId = controls ? element.ownerDocument.getElementById(controls) : null;
  if (isFileInput(byId)) return byId;
  let scope: Element | null = element;
  for (let depth = 0; scope && depth <= ANCESTOR_DEPTH; depth++, scope = scope.parentElement) {
    const inputs = scope.querySelectorAll('input[type=file]');
    if (inputs.length === 1) return inputs[0] as HTMLInputElement;
    if (inputs.length > 1) return null;
  }
  return null;
}

function toFile(doc: Document, payload: FilePayload): File {
  const win = doc.defaultView ?? window;
  const binary = win.atob(payload.data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new win.File([bytes], payload.name, { type: payload.type, lastModified: payload.lastModified });
}

function holds(input: HTMLInputElement, file: File): boolean {
  return Array.from(input.files ?? []).some((f) => f.name === file.name && f.size === file.size);
}

export async function uploadFile(ctx: ActionContext, args: UploadArgs): Promise<ActionResult> {
  const element = ctx.registry.resolve(args);
  const file = toFile(ctx.doc, args.file);
  const input = fileInputFor(element);
  if (input) return intoInput(ctx, input, file, element, args.ref);
  return ontoDropZone(ctx, element, file, args.ref);
}

async function intoInput(
  ctx: ActionContext,
  input: HTMLInputElement,
  file: File,
  element: Element,
  ref: number,
): Promise<ActionResult> {
  if (isDisabled(input)) return notPerformed(`The file input of ${describeTarget(element, ref)} is disabled.`);
  const win = ctx.doc.defaultView ?? window;
  const transfer = new win.DataTransfer();
  // A multiple input keeps what it holds, as a person adding one more file would expect of most upload widgets.
  if (input.multiple) for (const kept of Array.from(input.files ?? [])) transfer.items.add(kept);
  transfer.items.add(file);
  const watch = EffectWatch.of(ctx, input);
  try {
    input.files = transfer.files;
    input.dispatchEvent(new win.Event('input', { bubbles: true, composed: true }));
    input.dispatchEvent(new win.Event('change', { bubbles: true }));
    await watch.settle();
    const effects = watch.effects();
    if (!effects.includes('value_change')) effects.push('value_change');
    if (!holds(input, file)) {
      // The page's change handler may clear the input after taking the file (many upload widgets do): the file
      // reached it, but the input no longer shows it, so only what the page did afterwards can tell.
      const took = effects.includes('dom_change');
      return performed(
        took,
        effects,
        took
          ? `The page took ${file.name} and cleared its file input; check the page for the upload.`
          : `The file input of ${describeTarget(element, ref)} does not hold ${file.name} after the change.`,
      );
    }
    return performed(true, effects);
  } finally {
    watch.dispose();
  }
}

function dragEvent(
  win: Window & typeof globalThis,
  type: string,
  transfer: DataTransfer,
  x: number,
  y: number,
): DragEvent {
  return new win.DragEvent(type, {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: x,
    clientY: y,
    dataTransfer: transfer,
  });
}

async function ontoDropZone(ctx: ActionContext, zone: Element, file: File, ref: number): Promise<ActionResult> {
  if (isDisabled(zone)) return notPerformed(`${describeTarget(zone, ref)} is disabled.`);
  const win = (ctx.doc.defaultView ?? window) as Window & typeof globalThis;
  bringIntoView(zone);
  const box = zone.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const transfer = new win.DataTransfer();
  transfer.items.add(file);
  transfer.dropEffect = 'copy';
  const watch = EffectWatch.of(ctx, zone);
  try {
    zone.dispatchEvent(dragEvent(win, 'dragenter', transfer, x, y));
    const over = dragEvent(win, 'dragover', transfer, x, y);
    zone.dispatchEvent(over);
    const drop = dragEvent(win, 'drop', transfer, x, y);
    zone.dispatchEvent(drop);
    await watch.settle({ untilFirst: true });
    const effects = watch.effects();
    const accepted = over.defaultPrevented || drop.defaultPrevented;
    const what = describeTarget(zone, ref);
    if (!accepted) {
      return performed(
        false,
        effects,
        `${what} is neither a file input nor a drop zone: nothing took the dropped ${file.name}. Use the ref of the page's file input or upload button.`,
      );
    }
    if (effects.length === 0) {
      return performed(false, [], `${what} accepted the drop of ${file.name}, but nothing on the page changed.`);
    }
    return performed(true, effects);
  } finally {
    watch.dispose();
  }
}
