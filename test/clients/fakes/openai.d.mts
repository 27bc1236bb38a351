import type { FakeApi, FakeRequest } from './types.d.mts';
export type { FakeApi, FakeRequest };
export interface OpenAiOptions {
  /** The answer's text; "hi" by default. */
  text?: string;
  /** The output items of the answer to a request body (a function_call, say), or undefined for the text answer. */
  respond?: (body: any, request: FakeRequest) => object[] | undefined;
}
export declare function responseEvents(text: string, model?: string, items?: object[]): unknown[];
export declare function startOpenAiFake(options?: OpenAiOptions): Promise<FakeApi>;
