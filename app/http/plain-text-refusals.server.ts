import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

/**
 * Runs a resource route's handler and answers a refusal it throws — `data(reason, { status })`,
 * as the body readers and checks throw — with the reason as plain text, its status and headers.
 * React Router itself would answer it with a generic JSON error that drops both reason and headers.
 */
export async function answeringRefusalsAsText(handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle();
  } catch (thrown) {
    if (!isRefusal(thrown)) throw thrown;
    const headers = new Headers(thrown.init?.headers);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(thrown.data, { status: thrown.init?.status ?? 400, headers });
  }
}

function isRefusal(thrown: unknown): thrown is DataWithResponseInit<string> {
  const candidate = thrown as Partial<DataWithResponseInit<unknown>> | null;
  return candidate?.type === "DataWithResponseInit" && typeof candidate.data === "string";
}
