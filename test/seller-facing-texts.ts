import { readFileSync } from "node:fs";
import { parse } from "@babel/parser";

/** Attributes whose value a person reads or hears. */
const SPOKEN_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "aria-placeholder",
  "title",
  "alt",
  "placeholder",
  "label",
]);

export interface LiteralText {
  line: number;
  text: string;
}

const hasWords = (text: string) => /\p{L}/u.test(text);

type Node = { type: string; loc?: { start: { line: number } } } & Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/**
 * The literal texts a component file renders: words written in its JSX, in an attribute a person
 * reads or hears, or as a string or template between tags. Each should come from the catalogues.
 */
export function literalTexts(file: string): LiteralText[] {
  const ast = parse(readFileSync(file, "utf8"), { sourceType: "module", plugins: ["jsx", "typescript"] });
  const found: LiteralText[] = [];
  const report = (node: Node, text: string) => found.push({ line: node.loc?.start.line ?? 0, text: text.trim() });
  const visit = (node: Node, parent?: Node) => {
    if (node.type === "JSXText" && hasWords(node.value as string)) report(node, node.value as string);
    if (node.type === "JSXAttribute") {
      const name = (node.name as Node).name as string;
      const value = node.value as Node | null;
      if (SPOKEN_ATTRIBUTES.has(name) && value?.type === "StringLiteral" && hasWords(value.value as string))
        report(node, `${name}="${value.value as string}"`);
    }
    if (node.type === "JSXExpressionContainer" && (parent?.type === "JSXElement" || parent?.type === "JSXFragment")) {
      const expression = node.expression as Node;
      if (expression.type === "StringLiteral" && hasWords(expression.value as string))
        report(node, expression.value as string);
      if (expression.type === "TemplateLiteral") {
        const written = (expression.quasis as Node[]).map((quasi) => (quasi.value as { raw: string }).raw).join("");
        if (hasWords(written)) report(node, written);
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "leadingComments" || key === "trailingComments") continue;
      if (Array.isArray(value)) for (const child of value) if (isNode(child)) visit(child, node);
      if (isNode(value)) visit(value, node);
    }
  };
  visit(ast.program as unknown as Node);
  return found;
}
