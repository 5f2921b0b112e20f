// Matching the option the model asked for: by value, then exact label, then case-insensitive label, then a
// unique partial label. Ambiguity and misses come back as a message that lists what there is.

export interface OptionChoice {
  value: string;
  label: string;
  disabled: boolean;
}

/** The index of the matching option, or a message saying why none was chosen. */
export function chooseOption(options: OptionChoice[], wanted: string): number | string {
  const want = wanted.trim();
  const lower = want.toLowerCase();
  const tests: ((o: OptionChoice) => boolean)[] = [
    (o) => o.value === want && o.value !== '',
    (o) => o.label === want,
    (o) => o.label.toLowerCase() === lower,
    (o) => o.label.toLowerCase().includes(lower),
  ];
  for (const test of tests) {
    const hits = options.map((o, i) => (test(o) ? i : -1)).filter((i) => i >= 0);
    if (hits.length === 0) continue;
    if (hits.length > 1 && test === tests[3]) {
      return `${JSON.stringify(wanted)} matches several options (${hits.map((i) => JSON.stringify(options[i]?.label)).join(', ')}); give the full label.`;
    }
    const index = hits[0] as number;
    if (options[index]?.disabled) return `the option ${JSON.stringify(options[index]?.label)} is disabled.`;
    return index;
  }
  return `no option matches ${JSON.stringify(wanted)}. The options are: ${describeChoices(options)}.`;
}

export function describeChoices(options: OptionChoice[]): string {
  const shown = options.slice(0, 25).map((o) => JSON.stringify(o.label || o.value));
  return shown.join(', ') + (options.length > 25 ? `, and ${options.length - 25} more` : '');
}
