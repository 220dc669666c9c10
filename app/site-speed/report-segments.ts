/**
 * The dashboard's segments, as real-user-monitoring tools offer them: the device class, from
 * the viewport's CSS width, and the connection type where the browser reports it.
 */
import type { MessageKey } from "~/i18n/language-text";
import { CONNECTION_TYPES } from "./beacon-rules";
import type { DeviceReport } from "./beacon-schema";

export const DEVICE_CLASSES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export const DEVICE_LABELS = {
  phone: "speed.device.phone",
  tablet: "speed.device.tablet",
  desktop: "speed.device.desktop",
} as const satisfies Record<DeviceClass, MessageKey>;
export const CONNECTION_LABELS = {
  "slow-2g": "speed.connection.slow-2g",
  "2g": "speed.connection.2g",
  "3g": "speed.connection.3g",
  "4g": "speed.connection.4g",
} as const satisfies Record<ConnectionType, MessageKey>;

/** The usual breakpoints: a viewport narrower than 600 CSS pixels is a phone's, narrower than 1024 a tablet's. */
const TABLET_FROM_PX = 600;
const DESKTOP_FROM_PX = 1024;

export function deviceClassOf(device: DeviceReport | undefined): DeviceClass | undefined {
  if (!device) return undefined;
  return device.viewportWidth < TABLET_FROM_PX
    ? "phone"
    : device.viewportWidth < DESKTOP_FROM_PX
      ? "tablet"
      : "desktop";
}

/** Which page views the dashboard describes; an absent part means all of them. */
export interface Segment {
  device?: DeviceClass;
  connection?: ConnectionType;
}
