// @vitest-environment jsdom
// Date fields drawn as sections (MUI X pickers): found from the field's hidden input, each part typed into its own
// section from an ISO date or the field's own form, and read back.

import { beforeEach, describe, expect, it } from 'vitest';
import {
  dateSectionsOf,
  sectionsHold,
  sectionTexts,
  shownValue,
} from '../../../../src/content/actions/keyboard/date-sections';

const section = (label: string, shown: string, max: number, now = '') =>
  `<span role="spinbutton" contenteditable="true" aria-label="${label}" aria-valuemax="${max}"${now ? ` aria-valuenow="${now}"` : ''}>${shown}</span>`;

beforeEach(() => {
  document.body.innerHTML = `
    <div role="group" id="date">
      <div>${section('Month', 'MM', 12)}/${section('Day', 'DD', 31)}/${section('Year', 'YYYY', 9999)}</div>
      <input id="date-input" aria-hidden="true" value="" />
    </div>
    <div role="group" id="time">
      <div>${section('Hours', 'hh', 12)}:${section('Minutes', 'mm', 59)} ${section('Meridiem', 'aa', 1)}</div>
      <input id="time-input" aria-hidden="true" />
    </div>
    <div role="group" id="named">
      <div>${section('Weekday', 'ddd', 7)}, ${section('Month', 'MMM', 12)} ${section('Day', 'D', 31)}, ${section('Year', 'YYYY', 9999)}</div>
      <input id="named-input" aria-hidden="true" />
    </div>
    <input id="plain" />`;
});

const $ = (selector: string) => document.querySelector(selector) as HTMLElement;

describe('date fields of sections', () => {
  it('finds the sections of the field a hidden input belongs to, in order, and none for a plain input or a section', () => {
    expect(dateSectionsOf($('#date-input'))?.kinds).toEqual(['month', 'day', 'year']);
    expect(dateSectionsOf($('#time-input'))?.kinds).toEqual(['hours', 'minutes', 'meridiem']);
    expect(dateSectionsOf($('#plain'))).toBeNull();
    expect(dateSectionsOf($('[aria-label=Day]'))).toBeNull();
  });

  it('types an ISO date part by part in the field’s order, and a date in the field’s own form group by group', () => {
    const date = dateSectionsOf($('#date-input'));
    if (!date) throw new Error('no sections');
    expect(sectionTexts('2026-03-05', date)).toEqual(['03', '05', '2026']);
    expect(sectionTexts('03/05/2026', date)).toEqual(['03', '05', '2026']);
    expect(sectionTexts('5 March', date)).toBeNull();
    const time = dateSectionsOf($('#time-input'));
    if (!time) throw new Error('no sections');
    expect(sectionTexts('14:30', time)).toEqual(['02', '30', 'P']);
    expect(sectionTexts('12:05 am', time)).toEqual(['12', '05', 'A']);
    expect(sectionTexts('2026-03-05', time)).toBeNull();
  });

  it('holds what was typed only when every section shows its part, and reads the field as it shows', () => {
    const date = dateSectionsOf($('#date-input'));
    if (!date) throw new Error('no sections');
    const [month, day, year] = date.sections;
    if (!month || !day || !year) throw new Error('three sections');
    month.textContent = '03';
    day.textContent = '05';
    year.textContent = '0005';
    expect(sectionsHold(date, ['03', '05', '2026'])).toBe(false);
    expect(shownValue(date)).toBe('03/05/0005');
    year.textContent = '2026';
    expect(sectionsHold(date, ['03', '05', '2026'])).toBe(true);
  });

  it('leaves a weekday section to follow the date, and reads a month shown as a word by the number it announces', () => {
    const named = dateSectionsOf($('#named-input'));
    if (!named) throw new Error('no sections');
    expect(named.kinds).toEqual(['weekDay', 'month', 'day', 'year']);
    expect(sectionTexts('2026-03-05', named)).toEqual(['', '03', '05', '2026']);
    expect(sectionTexts('Mar 5, 2026', named)).toEqual(['', 'Mar', '5', '2026']);
    expect(sectionTexts('Thu, Mar 5, 2026', named)).toEqual(['', 'Mar', '5', '2026']);
    const [weekday, month, day, year] = named.sections;
    if (!weekday || !month || !day || !year) throw new Error('four sections');
    weekday.textContent = 'Thu';
    month.textContent = 'Mar';
    month.setAttribute('aria-valuenow', '3');
    day.textContent = '5';
    year.textContent = '2026';
    expect(sectionsHold(named, ['', '03', '05', '2026'])).toBe(true);
    expect(sectionsHold(named, ['', 'Mar', '5', '2026'])).toBe(true);
    month.setAttribute('aria-valuenow', '4');
    month.textContent = 'Apr';
    expect(sectionsHold(named, ['', '03', '05', '2026'])).toBe(false);
    expect(sectionsHold(named, ['', 'Mar', '5', '2026'])).toBe(false);
  });
});
