import { refusal } from "./refusal";

/** Forms and JSON bodies of the hub are small; anything larger is refused before it is read. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The body's bytes, refusing (413) one over `maxBytes` whether or not it declared its length: a
 * declared length over the limit before anything is read, a body sent in pieces (chunked, as curl,
 * scripts and some proxies send it) as soon as its pieces pass the limit.
 */
async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of request.body) {
    received += chunk.byteLength;
    if (received > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text, refusing (413) one over `maxBytes`, and (400) one that is not UTF-8. */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const bytes = await readBodyBytes(request, maxBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw refusal(400, "The request body is not valid UTF-8.");
  }
}

/** A URL-encoded or multipart form; a body that is neither is a 400 with the reason. */
export async function readForm(request: Request, maxBytes = MAX_BODY_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return toFormData(new URLSearchParams(await readBodyText(request, maxBytes)));
  }
  if (type.startsWith("multipart/form-data")) {
    // Read within the limit first: the platform's formData() reads whatever arrives. A body without
    // a Content-Length was refused as too large before, whatever its size.
    const bytes = await readBodyBytes(request, maxBytes);
    try {
      return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
    } catch {
      throw refusal(400, "The form could not be read: the multipart body is malformed.");
    }
  }
  throw refusal(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
}

/** A JSON body; malformed JSON is a 400, an oversized body a 413. */
export async function readJson(request: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw refusal(400, "The request body is not valid JSON.");
  }
}

function toFormData(parameters: URLSearchParams): FormData {
  const form = new FormData();
  for (const [key, value] of parameters) form.append(key, value);
  return form;
}

function tooLarge(maxBytes: number) {
  return refusal(413, `The request body is larger than the ${maxBytes} bytes this endpoint accepts.`);
}
