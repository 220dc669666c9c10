export const INVALID_WIDGET_ID = "Invalid widget ID";

/**
 * The id of a widget's model. A model may have no id; one that has the key but leaves it
 * empty is a broken model, and rendering it would collide with others.
 */
export function widgetIdOf(model: object): string | undefined {
  if (!("id" in model)) return undefined;
  const { id } = model as { id: unknown };
  if ((typeof id !== "string" && typeof id !== "number") || String(id).trim() === "")
    throw new Error(INVALID_WIDGET_ID);
  return String(id);
}
