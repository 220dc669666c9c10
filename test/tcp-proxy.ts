import { createServer, connect, type Server, type Socket } from "node:net";

/** A TCP proxy that can be cut and restored, to take a database away from a running server. */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        const address = server?.address();
        port = typeof address === "object" && address ? address.port : port;
        resolve();
      });
    });

  await open();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and refuses new ones. */
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
    restore: open,
  };
}
