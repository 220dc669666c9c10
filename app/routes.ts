import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.ts"),
  route("signin", "routes/signin.tsx"),
  route("signout", "routes/signout.ts"),
  route("healthz", "routes/healthz.ts"),
  // Every page of the hub, inside the shell (header, navigation, side area).
  layout("routes/sh/shell.tsx", [route("sh/ovw", "routes/sh/overview.tsx"), route("sh/messages/close", "routes/sh/message-close.ts")]),
] satisfies RouteConfig;
