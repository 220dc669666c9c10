import type { IncomingMessage } from "node:http";

/**
 * Behind a reverse proxy that terminates TLS, the hub learns the scheme and the client's address
 * only from the proxy's headers. Those headers are believed only when TRUST_PROXY says the proxy
 * overwrites them; otherwise anyone could claim to be anyone.
 */
export interface ProxyFacts {
  overHttps: boolean;
  clientAddress: string;
}

export function proxyFacts(request: IncomingMessage, trustProxy: boolean): ProxyFacts {
  const socketAddress = request.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return { overHttps: false, clientAddress: socketAddress };
  const forwardedFor = String(request.headers["x-forwarded-for"] ?? "")
    .split(",")[0]
    ?.trim();
  return {
    overHttps:
      String(request.headers["x-forwarded-proto"] ?? "")
        .split(",")[0]
        ?.trim() === "https",
    clientAddress: forwardedFor || socketAddress,
  };
}
