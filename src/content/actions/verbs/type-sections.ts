// type into a date or time field drawn as sections (keyboard/date-sections.ts): each part typed into its own section,
// as a person does, then the sections read back. Verified only when every section shows its part.

import type { ActionResult } from '../../../shared/page-types';
import { deepActiveElement } from '../../snapshot/dom/dom';
import { type ActionContext, isDisabled, notPerformed, performed } from '../context';
import { EffectWatch } from '../effects/effects';
import {
  type DateSections,
  describeSections,
  sectionsHold,
  sectionsHolder,
  sectionTexts,
  shownValue,
} from '../keyboard/date-sections';
import { nextTask, typeKeys } from '../keyboard/text-entry';
import { bringIntoView } from '../pointer/pointer';
import { pressOn } from './press-key';

export interface SectionsTyping {
  text: string;
  submit?: boolean;
}

export async function typeIntoSections(
  ctx: ActionContext,
  field: DateSections,
  args: SectionsTyping,
  name: string,
): Promise<ActionResult> {
  const form = describeSections(field);
  const texts = sectionTexts(args.text, field);
  if (!texts) {
    return notPerformed(
      `${name} is a date or time field of sections (${form}), showing "${shownValue(field)}". Give the value as ` +
        '2026-03-05, 2026-03-05 14:30 or 14:30, or as one group of digits per section in that order.',
    );
  }
  if (field.sections.some((section) => isDisabled(section) || section.getAttribute('aria-readonly') === 'true')) {
    return notPerformed(`${name} is disabled or read-only.`);
  }
  const holder = sectionsHolder(field);
  bringIntoView(holder);
  const watch = EffectWatch.of(ctx, holder);
  try {
    for (const [i, section] of field.sections.entries()) {
      // A section with nothing to type (a weekday, which follows the date) is left alone.
      if (!texts[i]) continue;
      section.focus({ preventScroll: true });
      // The field selects the section's text when it takes focus, in a handler of its own: let it run first.
      await nextTask();
      await typeKeys(section, texts[i] ?? '');
    }
    await watch.settle();
  } finally {
    watch.dispose();
  }
  const effects = watch.effects();
  const shown = shownValue(field);
  const held = sectionsHold(field, texts);
  const reason = held
    ? `The field shows "${shown}".`
    : `The field shows "${shown}" after ${texts
        .filter(Boolean)
        .map((t) => JSON.stringify(t))
        .join(', ')} went into its sections (${form}).`;
  if (!args.submit || !held) return performed(held, effects, reason);
  const submitted = await pressOn(ctx, deepActiveElement(ctx.doc) ?? holder, 'Enter');
  const all = [...new Set([...effects, ...submitted.effects.filter((e) => e !== 'none')])];
  return performed(true, all, reason);
}
