import type { FakeApi, FakeRequest } from './types.d.mts';
export type { FakeApi, FakeRequest };
export interface ToolCall {
  id: string;
  name: string;
  /** The call's arguments as JSON text. */
  arguments: string;
}
export interface ChatOptions {
  /** The answer's text; "hi" by default. */
  text?: string;
  /** The tool calls of the answer to a request body, or undefined for the text answer. */
  respond?: (body: any, request: FakeRequest) => ToolCall[] | undefined;
}
export declare function chatChunks(text: string, model?: string, toolCalls?: ToolCall[]): unknown[];
export declare function startChatFake(options?: ChatOptions): Promise<FakeApi>;
