// All tools, in one fixed order, the list a task sends (fixed for its whole life: decision 0012), and which of them
// can be used in the current context (a tool that cannot stays listed and answers with an error saying why).

import type Anthropic from '@anthropic-ai/sdk';
import type { AgentSettings } from '../core/settings';
import { toAnthropicTool } from './common';
import { CONTROL_TOOLS } from './control-tools';
import { FILE_TOOLS } from './file-tools';
import { PAGE_TOOLS } from './page-tools';
import { proposePlan } from './plan-tool';
import { READ_TOOLS } from './read-tools';
import { TAB_TOOLS } from './tab-tools';
import type { AnyTool } from './types';

export const ALL_TOOLS: readonly AnyTool[] = [
  ...PAGE_TOOLS,
  ...FILE_TOOLS,
  ...READ_TOOLS,
  ...TAB_TOOLS,
  ...CONTROL_TOOLS,
  proposePlan,
];

const BY_NAME = new Map(ALL_TOOLS.map((tool) => [tool.name, tool]));

export function toolNamed(name: string): AnyTool | undefined {
  return BY_NAME.get(name);
}

/**
 * The tools a task lists, fixed when it starts: every tool its settings enable, operable page or not. The list is part
 * of the prefix every thinking block is bound to, so it never changes within the task.
 */
export function taskTools(settings: AgentSettings): AnyTool[] {
  return ALL_TOOLS.filter((tool) => tool.enabled?.(settings) ?? true);
}

/**
 * With an operable page: every tool the settings enable. Without one (restricted page, no tab, a page that does not
 * answer): only navigation and control tools (docs/contracts.md 003-3).
 */
export function offeredTools(settings: AgentSettings, operable: boolean): AnyTool[] {
  const listed = taskTools(settings);
  return operable ? listed : listed.filter((tool) => tool.group !== 'page');
}

/** Why a known tool is not offered now, for the model. */
export function unavailableReason(tool: AnyTool, settings: AgentSettings, operable: boolean): string {
  if (tool.enabled && !tool.enabled(settings)) {
    if (tool.name === 'screenshot') return 'vision is off in settings';
    if (tool.name === proposePlan.name) return 'this task runs in "Act without asking", which has no plan';
    return 'script evaluation is off in settings';
  }
  return operable ? 'it is not offered now' : "the agent's current tab cannot be operated (see the observation)";
}

const schemas = new Map<string, Anthropic.Tool>();

/** The Anthropic tool definitions, generated once per tool from its zod schema. */
export function anthropicTools(tools: readonly AnyTool[]): Anthropic.Tool[] {
  return tools.map((tool) => {
    let spec = schemas.get(tool.name);
    if (!spec) {
      spec = toAnthropicTool(tool);
      schemas.set(tool.name, spec);
    }
    return spec;
  });
}
