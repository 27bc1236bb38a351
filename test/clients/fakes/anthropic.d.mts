import type { FakeApi, FakeRequest } from './types.d.mts';
export type { FakeApi, FakeRequest };
export type ContentBlock =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };
export interface AnthropicOptions {
  /** The answer's text; "hi" by default. */
  text?: string;
  /** The content blocks of the answer to a request body, or undefined for the text answer. */
  respond?: (body: any, request: FakeRequest) => ContentBlock[] | undefined;
}
export declare function messageEvents(blocks: ContentBlock[], stopReason?: string, model?: string): [string, unknown][];
export declare function startAnthropicFake(options?: AnthropicOptions): Promise<FakeApi>;
