import type { FakeApi, FakeRequest } from './types.d.mts';
export type { FakeApi, FakeRequest };
export interface AugmentToolCall {
  id: string;
  name: string;
  input: object;
}
export interface AugmentOptions {
  /** The answer's text; "hi" by default. */
  text?: string;
  /** The tool call of the answer to a chat request body, or undefined for the text answer. */
  respond?: (body: any, request: FakeRequest) => AugmentToolCall | undefined;
}
export declare function augmentChunks(text: string, call?: AugmentToolCall): unknown[];
export declare function startAugmentFake(options?: AugmentOptions): Promise<FakeApi>;
