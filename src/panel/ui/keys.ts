// Enter submits, Shift+Enter is a new line; Enter that confirms an IME composition (Chinese, Japanese input) must
// not submit, and keyCode 229 is how some browsers report it when isComposing is not set.

export function isSubmitKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229;
}
