// Strings the model sent, repeated back to it (a URL it asked for, a tool name, its broken JSON, a key it pressed),
// are capped with a note of the cut: a model can put hundreds of thousands of characters in one argument (decision 0024
// saw a tool result of 800,179), and every character echoed is sent again with every later request of the task.

/** How much of a model-supplied string a tool result repeats. */
export const ECHO_MAX_CHARS = 300;
/** How long a line of harness text for the model may be, whatever it quotes (a backstop for echoes not capped above). */
export const RESULT_TEXT_MAX_CHARS = 2_000;
/** How much of a done's answer the person's summary shows; the whole answer stays in the result and the trace. */
export const SUMMARY_MAX_CHARS = 2_000;

/** `text` up to `max` characters, then "…(cut: 800,179 characters)" saying how many were left out. */
export function capEcho(text: string, max = ECHO_MAX_CHARS): string {
  if (text.length <= max) return text;
  // Never split a surrogate pair: half a character is not valid text to send back.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}…(cut: ${(text.length - end).toLocaleString('en-US')} characters)`;
}
