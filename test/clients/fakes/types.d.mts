// Types shared by the fakes of the model APIs (plain ESM with JSDoc; these are for TypeScript).
export interface FakeRequest {
  method: string;
  url: string;
  body: string;
}
export interface FakeApi {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  close(): Promise<void>;
}
