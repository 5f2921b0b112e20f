// Date and time fields drawn as sections (MUI X pickers' fields, and their like): one editable spinbutton per part
// (month, day, year, hours…), each taking digits and moving on by itself once it is full. Typing "2026-03-05" key by
// key into such a field lets the first section take "2", move on, and ends as "02/06/0005" (issue 26). A person
// types each part into its own section, in the field's own order: so does the agent, from a date written in ISO form
// (2026-03-05, 2026-03-05 14:30, 14:30) or in the field's own form (03/05/2026), and it reads the sections back.

export type SectionKind = 'year' | 'month' | 'day' | 'weekDay' | 'hours' | 'minutes' | 'seconds' | 'meridiem';

export interface DateSections {
  sections: HTMLElement[];
  kinds: SectionKind[];
}

/** How far up from the element named to look for the field's sections (the hidden input's parent holds them). */
const MAX_LEVELS = 2;

// The weekday before the day: "Weekday" has "day" in it. A weekday section follows the date (MUI X computes it from
// the day, month and year), so nothing is typed into it and it is not read back.
const BY_LABEL: [RegExp, SectionKind][] = [
  [/week ?day|wochentag|jour de la semaine|día de la semana|星期|曜日/i, 'weekDay'],
  [/year|jahr|année|año|年/i, 'year'],
  [/month|monat|mois|mes|月/i, 'month'],
  [/day|tag|jour|día|日/i, 'day'],
  [/hour|stunde|heure|hora|时|時/i, 'hours'],
  [/minute|minuto|分/i, 'minutes'],
  [/second|sekunde|seconde|segundo|秒/i, 'seconds'],
  [/meridiem|am\/pm|上午|下午/i, 'meridiem'],
];

/** By the placeholder an empty section shows (MM month, mm minutes: case tells them apart), then by its range. */
function kindOf(section: HTMLElement): SectionKind | null {
  const label = section.getAttribute('aria-label') ?? '';
  for (const [pattern, kind] of BY_LABEL) if (pattern.test(label)) return kind;
  const shown = (section.textContent ?? '').trim();
  const placeholders: Record<string, SectionKind> = {
    YYYY: 'year',
    YY: 'year',
    MM: 'month',
    DD: 'day',
    hh: 'hours',
    HH: 'hours',
    mm: 'minutes',
    ss: 'seconds',
    aa: 'meridiem',
    AA: 'meridiem',
  };
  if (shown in placeholders) return placeholders[shown] ?? null;
  const max = section.getAttribute('aria-valuemax');
  return max === '9999' ? 'year' : max === '31' ? 'day' : max === '59' ? 'minutes' : null;
}

const isSection = (element: Element): element is HTMLElement =>
  element.getAttribute('role') === 'spinbutton' &&
  ((element as HTMLElement).isContentEditable || element.getAttribute('contenteditable') === 'true');

/**
 * The sections of the date or time field `element` belongs to (the field's input, its group, a wrapper), or null
 * when it is not such a field, or is one section of it (typing into one section is typing as usual).
 */
export function dateSectionsOf(element: Element): DateSections | null {
  if (element.getAttribute('role') === 'spinbutton') return null;
  // An input a person can type into is a field of its own, whatever sits beside it; the sectioned field's own input
  // is hidden from them (aria-hidden, out of the tab order).
  if (element.localName === 'input' && element.getAttribute('aria-hidden') !== 'true') return null;
  let node: Element | null = element;
  for (let level = 0; node && level <= MAX_LEVELS; level++, node = node.parentElement) {
    const sections = Array.from(node.querySelectorAll('[role="spinbutton"]')).filter(isSection);
    if (sections.length === 0) continue;
    if (sections.length < 2) return null;
    const kinds = sections.map(kindOf);
    return kinds.every((kind): kind is SectionKind => kind !== null) ? { sections, kinds } : null;
  }
  return null;
}

interface Parts {
  year?: number;
  month?: number;
  day?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  meridiem?: 'AM' | 'PM';
}

const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;

function isoParts(text: string): Parts | null {
  const date = ISO_DATE.exec(text);
  if (date) {
    const [, y, mo, d, h, mi, s] = date;
    const parts: Parts = { year: Number(y), month: Number(mo), day: Number(d) };
    if (h !== undefined) Object.assign(parts, { hours: Number(h), minutes: Number(mi), seconds: Number(s ?? 0) });
    return parts;
  }
  const time = TIME.exec(text);
  if (!time) return null;
  const [, h, mi, s, ampm] = time;
  let hours = Number(h);
  if (ampm && /^p/i.test(ampm) && hours < 12) hours += 12;
  if (ampm && /^a/i.test(ampm) && hours === 12) hours = 0;
  return { hours, minutes: Number(mi), seconds: Number(s ?? 0) };
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** What to type into each section: the text's parts in the field's order, or null when the text does not fit. */
export function sectionTexts(text: string, field: DateSections): string[] | null {
  const trimmed = text.trim();
  const parts = isoParts(trimmed);
  if (!parts) {
    // The field's own form: a group of digits or letters per section in its order, the weekday's given or not.
    const groups = trimmed.match(/\d+|[a-z]+/gi) ?? [];
    const weekday = (kind: SectionKind) => kind === 'weekDay';
    if (groups.length === field.sections.length)
      return field.kinds.map((kind, i) => (weekday(kind) ? '' : (groups[i] ?? '')));
    if (groups.length !== field.kinds.filter((kind) => !weekday(kind)).length) return null;
    let next = 0;
    return field.kinds.map((kind) => (weekday(kind) ? '' : (groups[next++] ?? '')));
  }
  const twelveHour = field.kinds.includes('meridiem');
  const texts: string[] = [];
  for (const [i, kind] of field.kinds.entries()) {
    const section = field.sections[i] as HTMLElement;
    if (kind === 'weekDay') {
      texts.push('');
      continue;
    }
    if (kind === 'meridiem') {
      if (parts.hours === undefined) return null;
      texts.push(parts.hours >= 12 ? 'P' : 'A');
      continue;
    }
    let value = parts[kind];
    if (value === undefined) return null;
    if (kind === 'hours' && twelveHour) value = value % 12 === 0 ? 12 : value % 12;
    const twoDigitYear = kind === 'year' && Number(section.getAttribute('aria-valuemax') ?? 9999) <= 99;
    texts.push(kind === 'year' ? (twoDigitYear ? pad(value % 100, 2) : pad(value, 4)) : pad(value, 2));
  }
  return texts;
}

/**
 * Whether each section now shows what was typed into it, in the field's own form: numbers compared as numbers; a
 * month shown as a word ("Mar") by the number the section announces (aria-valuenow) or by the word's start; AM/PM
 * by its letter. A weekday, typed nothing, is not compared.
 */
export function sectionsHold(field: DateSections, texts: readonly string[]): boolean {
  return field.sections.every((section, i) => {
    if (field.kinds[i] === 'weekDay') return true;
    const shown = (section.textContent ?? '').trim();
    const wanted = texts[i] ?? '';
    if (/^\d+$/.test(wanted)) {
      if (/^\d+$/.test(shown)) return Number(shown) === Number(wanted);
      const now = section.getAttribute('aria-valuenow') ?? '';
      return /^\d+$/.test(now) && Number(now) === Number(wanted);
    }
    if (field.kinds[i] === 'meridiem') return shown.slice(0, 1).toLowerCase() === wanted.slice(0, 1).toLowerCase();
    return wanted !== '' && shown.toLowerCase().startsWith(wanted.toLowerCase().slice(0, 3));
  });
}

/** The nearest element holding every section (what the effects are watched on). */
export function sectionsHolder(field: DateSections): Element {
  let scope: Element | null = field.sections[0] ?? null;
  while (scope && !field.sections.every((section) => scope?.contains(section))) scope = scope.parentElement;
  return scope ?? (field.sections[0] as HTMLElement);
}

/** The field as it reads now: the sections' text with what stands between them ("03/05/2026"). */
export function shownValue(field: DateSections): string {
  return (sectionsHolder(field).textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The form the field takes, for a person or a model: "Month/Day/Year as 2026-03-05 or in the field's order". */
export function describeSections(field: DateSections): string {
  const name = (kind: SectionKind) => (kind === 'weekDay' ? 'Weekday' : kind[0]?.toUpperCase() + kind.slice(1));
  return field.kinds.map(name).join(', ');
}
