// What the offline demo model listens for: it plays one task, so it must tell that task from every other before it
// acts. Without a model it cannot understand words, so it does not guess: an instruction is the demo task only when
// it is the example itself, written with any case, spacing or punctuation (the shop's address may be left out, or be
// another; the shop is found from the page). A keyword test would let "add the cheapest fern to the cart" through.

import type { MessageParam } from '../agent';
import { DEMO_CUSTOMER } from './demo-task';

/** How the conversation writes the person's instructions (src/panel/agent/model/conversation.ts `begin`). */
const INSTRUCTION = /^(?:Task|Follow-up instruction from the person): ([\s\S]*)$/;
/** The shop's address in the example, `(http://127.0.0.1:4173/)`: not words to compare. */
const SHOP_ADDRESS = /\(\s*https?:\/\/[^\s)]*\s*\)/giu;

/** Letters and digits, lower case, one space between words: what is left when case, spacing and punctuation go. */
export function normaliseInstruction(text: string): string {
  return text
    .normalize('NFKC')
    .replace(SHOP_ADDRESS, ' ')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const DEMO_TASK = normaliseInstruction(
  `On the Fern & Fig shop buy one Monstera deliciosa for ${DEMO_CUSTOMER.name} ` +
    `(${DEMO_CUSTOMER.email}) with standard shipping, then tell me the order number.`,
);

/** Whether `instruction` asks for the one task the demo can play. */
export function isDemoTask(instruction: string): boolean {
  return normaliseInstruction(instruction) === DEMO_TASK;
}

/** The person's latest instruction in the conversation (the task or its last follow-up), or null. */
export function latestInstruction(messages: readonly MessageParam[]): string | null {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user' || typeof message.content === 'string') continue;
    // Only the conversation's own text blocks: a page's words travel inside tool results and cannot pose as one.
    const texts = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
    for (const text of texts.reverse()) {
      const match = INSTRUCTION.exec(text);
      if (match?.[1] !== undefined) return match[1];
    }
  }
  return null;
}
