// The demo's plan in "Ask before acting" (decision 0026): offered propose_plan, the demo proposes the shop task's plan
// before it acts, as a real model must (the loop refuses acting before an approved plan, plan-rule.ts), so the person
// sees the plan card, edits or approves it, and the consent gate passes the order the plan named.

import type { MessageParam, ModelRequest } from '../agent';
import type { DemoMove } from './demo-task';

const PROPOSE_PLAN = 'propose_plan';

/** Whether the demo was offered propose_plan and has not called it yet in this conversation. */
export function needsPlan(request: ModelRequest): boolean {
  if (!request.tools.some((tool) => tool.name === PROPOSE_PLAN)) return false;
  return !request.messages.some((message: MessageParam) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return false;
    return message.content.some((block) => block.type === 'tool_use' && block.name === PROPOSE_PLAN);
  });
}

/** The shop task's plan: its one site, the order it will place there, and the steps. */
export function planMove(shopUrl: string): DemoMove {
  const origin = new URL(shopUrl).origin;
  return {
    say: 'Here is my plan: I will buy the plant on the Fern & Fig shop and place the order once you approve.',
    tool: PROPOSE_PLAN,
    input: {
      summary: 'Buy one Monstera deliciosa on the Fern & Fig shop and report the order number.',
      sites: [origin],
      changes: [{ site: origin, kind: 'order', what: 'Place the order for one Monstera deliciosa' }],
      steps:
        'Open the Monstera deliciosa and add it to the cart.\nGo to checkout and fill in the name and email.\n' +
        'Choose standard shipping, accept the terms and place the order.\nRead the order number.',
    },
  };
}
