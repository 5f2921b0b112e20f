// What the stand-in knows about a model: the facts the Models API reports and the request rules that differ by model.

export type Effort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';
export const EFFORTS: readonly Effort[] = ['low', 'medium', 'high', 'xhigh', 'max'];

export type ThinkingType = 'adaptive' | 'enabled' | 'disabled' | 'between_tools';
export type Display = 'summarized' | 'omitted' | 'updates';

export interface ModelProfile {
  /**
   * `thinking`: thinks when `thinking` is omitted (the 5.x models); `standard`: only when asked; `compatible`: an
   * Anthropic-compatible local server (Ollama ≥ 0.14, llama.cpp's llama-server, LM Studio) serving a local model.
   */
  readonly kind: 'thinking' | 'standard' | 'compatible';
  readonly id: string;
  /** Other names the API accepts for it, e.g. the undated alias of a dated id. */
  readonly aliases: readonly string[];
  readonly displayName: string;
  readonly createdAt: string;
  readonly line: 'haiku' | 'sonnet' | 'opus' | 'fable' | 'mythos' | null;
  readonly maxInputTokens: number;
  /** The cap on `max_tokens`. */
  readonly maxTokens: number;
  /** Which `thinking.type` values it accepts. */
  readonly thinkingTypes: Readonly<Record<ThinkingType, boolean>>;
  /** `disabled` only up to this effort (Opus 5, Haiku 5.5). */
  readonly disabledMaxEffort?: Effort;
  /** `between_tools` only at these efforts (Sonnet 5.5). */
  readonly betweenToolsEfforts?: readonly Effort[];
  /** What a refused `thinking.type` message recommends instead. */
  readonly thinkingHint: 'adaptive' | 'enabled';
  readonly defaultDisplay: 'summarized' | 'omitted';
  /** Accepts `thinking.display: "updates"` (with its beta). */
  readonly displayUpdates: boolean;
  /** `output_config.effort` levels it accepts; empty when effort is not supported. */
  readonly efforts: readonly Effort[];
  readonly defaultEffort: Effort | null;
  /** Any non-default temperature, top_p or top_k is a 400. */
  readonly samplingRefused: boolean;
  /** temperature and top_p together are a 400. */
  readonly samplingExclusive: boolean;
  readonly prefillRefused: boolean;
  /** `tool_choice` `any`/`tool` is a 400. */
  readonly forcedToolChoiceRefused: boolean;
  /** Text written between tool calls comes back inside `thinking` blocks. */
  readonly textBetweenToolsAsThinking: boolean;
  /** Enforces the preserved-thinking prefix check (as for an account created after 2026-08-31). */
  readonly prefixCheck: boolean;
  /** Accepts `role: "system"` entries in `messages`. */
  readonly systemMessages: boolean;
  /** Models whose thinking blocks it reads besides its own; blocks from any other model are dropped. */
  readonly reads: readonly string[];
  /** Below this many prefix tokens a breakpoint caches nothing. */
  readonly minCacheableTokens: number;
  readonly contextManagement: {
    readonly clearToolUses: boolean;
    readonly clearThinking: boolean;
    readonly compact: boolean;
  };
}
