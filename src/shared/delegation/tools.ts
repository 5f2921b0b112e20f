// The tools other agents call over MCP (issue 29), declared once: the local MCP server registers them from this table,
// and the panel's delegation service answers them. Two levels: task tools hand a whole goal to Steadyhand's own model;
// session tools let a client drive one tab group of its own with its model, through the same verified page actions.
// Names follow MCP's tool-name rule (letters, digits, `_`, `-`):
// https://modelcontextprotocol.io/specification/2025-06-18/server/tools

import { z } from 'zod';

const taskId = z.string().min(1).max(64).describe('The id run_task returned.');
const sessionId = z.string().min(1).max(64).describe('The id open_session returned.');

export const DELEGATION_TOOLS = {
  run_task: {
    description:
      "Hand a browser task to Steadyhand. It runs in the person's own browser, in a tab group of its own, with " +
      "Steadyhand's model, and never takes the person's focus. Returns when the task ends or asks a question: the " +
      'ending, the evidence Steadyhand checked on the page, the answer and the trace id; or the question to answer ' +
      'with answer_question.',
    input: z
      .object({
        goal: z.string().min(1).max(8_000).describe('What the task must achieve, in plain words.'),
        start_url: z.string().url().optional().describe('Open this page first, in a new tab of the task.'),
        sites: z
          .array(z.string().min(1).max(253))
          .max(20)
          .optional()
          .describe('Sites the task needs (host names). Ones the person has not allowed are asked in their panel.'),
      })
      .strict(),
  },
  get_task: {
    description: 'The state of a task this client started: running, asking, or its ending with evidence.',
    input: z.object({ task_id: taskId }).strict(),
  },
  stop_task: {
    description: 'Stop a task this client started. Returns its ending.',
    input: z.object({ task_id: taskId }).strict(),
  },
  answer_question: {
    description:
      'Answer the question a task of this client asked, then wait as run_task does. Site permissions, purchases, ' +
      "posts and sign-ins are never asked here: the person answers those in Steadyhand's panel.",
    input: z.object({ task_id: taskId, answer: z.string().min(1).max(8_000) }).strict(),
  },
  list_tasks: {
    description: "This client's tasks, running and finished, newest first.",
    input: z.object({}).strict(),
  },
  open_session: {
    description:
      'Open a page-level session: a tab group of its own in which this client drives the page with its own model. ' +
      'Returns the session id and a snapshot of the page (elements carry refs for page_action).',
    input: z.object({ start_url: z.string().url().describe('The page to open in the session tab.') }).strict(),
  },
  close_session: {
    description: "Close a session: its group is closed or kept by the person's settings.",
    input: z.object({ session_id: sessionId }).strict(),
  },
  page_snapshot: {
    description: "A fresh snapshot of the session's current tab, with refs.",
    input: z.object({ session_id: sessionId }).strict(),
  },
  page_find: {
    description: "Find elements or text on the session's current tab.",
    input: z.object({ session_id: sessionId, query: z.string().min(1).max(500) }).strict(),
  },
  page_read: {
    description: "The readable text of the session's current tab.",
    input: z.object({ session_id: sessionId }).strict(),
  },
  page_action: {
    description:
      "One of Steadyhand's page actions on the session's tab, checked on the page as in Steadyhand's own runs: " +
      'click, type, select_option, check, scroll, press_key, hover, select_text, double_click, right_click, drag, ' +
      'set_value, wait_for, go_back, open_url, switch_tab, close_tab. `input` takes the same fields as Steadyhand’s own tool of ' +
      'that name (refs from the latest snapshot). The result says what changed and whether it was verified.',
    input: z
      .object({
        session_id: sessionId,
        action: z.string().min(1).max(40),
        input: z.record(z.string(), z.unknown()),
      })
      .strict(),
  },
} as const;

export type DelegationToolName = keyof typeof DELEGATION_TOOLS;

export const DELEGATION_TOOL_NAMES = Object.keys(DELEGATION_TOOLS) as DelegationToolName[];

export function isDelegationTool(name: string): name is DelegationToolName {
  return Object.hasOwn(DELEGATION_TOOLS, name);
}

/** Who called: a paired client, as the person accepted it in the panel. */
export interface DelegationClient {
  readonly id: string;
  readonly name: string;
}

/** One tools/call the server forwards to the panel. `args` are already checked against the tool's `input`. */
export interface DelegationCall {
  readonly client: DelegationClient;
  readonly tool: DelegationToolName;
  readonly args: Record<string, unknown>;
}

/** The panel's answer, turned into an MCP CallToolResult by the server (text content, structured data, isError). */
export interface DelegationReply {
  readonly text: string;
  readonly data?: Record<string, unknown>;
  readonly isError?: boolean;
}

/** A step of a running call, sent as an MCP progress notification when the client asked for them. */
export interface DelegationProgress {
  readonly progress: number;
  readonly message: string;
}

/**
 * What the panel's delegation service implements and the bridge calls: one call at a time per request, cancelled by
 * `signal` (the client cancelled, or disconnected).
 */
export type DelegationHandler = (
  call: DelegationCall,
  io: { readonly signal: AbortSignal; readonly progress: (step: DelegationProgress) => void },
) => Promise<DelegationReply>;
