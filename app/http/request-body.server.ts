import { refusal } from "./refusal";

/** Forms and JSON bodies of the hub are small; anything larger is refused before it is read. */
export const MAX_BODY_BYTES = 16 * 1024;

/** The body as text, refusing (413) one over `maxBytes` whether or not it declared its length. */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of request.body) {
    received += chunk.byteLength;
    if (received > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
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
    if (Number(request.headers.get("Content-Length") ?? Infinity) > maxBytes) throw tooLarge(maxBytes);
    try {
      return await request.formData();
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
