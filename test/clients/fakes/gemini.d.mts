import type { FakeApi, FakeRequest } from './types.d.mts';
export type { FakeApi, FakeRequest };
export interface GeminiOptions {
  /** The answer's text; "hi" by default. */
  text?: string;
  /** The parts of the streamed answer to a request body (a functionCall, say), or undefined for the text answer. */
  respond?: (body: any, request: FakeRequest) => object[] | undefined;
}
export declare function startGeminiFake(options?: GeminiOptions): Promise<FakeApi>;
