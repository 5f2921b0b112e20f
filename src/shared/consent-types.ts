// What an action would commit the person to, read from the page before the action runs (decision 0026, "a yes before
// consequential steps"): the content script recognises the step, the panel asks the person, the model is told the
// answer as data. Shared by the content script (recognition) and the panel (the question, the plan).

/**
 * The kinds of step that wait for the person: a payment or an order, a post or message sent on their behalf, an
 * account created, a sign-in, a deletion, a change to a setting of their account, and `submit`: a form that sends
 * data whose purpose could not be told (when unsure, ask).
 */
export const CONSENT_KINDS = ['payment', 'order', 'post', 'signup', 'signin', 'delete', 'account', 'submit'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** One field of the form a step would send, as the question shows it: secrets never leave the page in clear. */
export interface ConsentField {
  /** The field's accessible name (label, aria-label, placeholder or name). */
  label: string;
  /** Its value as the person would read it; a password is `••••`, a card number keeps its last four digits. */
  value: string;
}

/** A consequential step an action would take, as recognised on the page. */
export interface Consequence {
  kind: ConsentKind;
  /** The control the action would press, by its accessible name ("Place order"). */
  control: string;
  /** What the recognition went by, in plain words ("a card number field", "the button's name"). */
  signals: string[];
  /** The fields the step would send, in document order (capped). */
  fields: ConsentField[];
  /** The request a form would send, when the step submits one. */
  request?: { url: string; method: 'get' | 'post' };
}

/** What the person approved ahead in "Ask before acting": a kind of step on one site (an origin). */
export interface PlannedChange {
  origin: string;
  kind: ConsentKind;
  /** The plan's own words for it ("Place the order for one Monstera"). */
  what: string;
}
