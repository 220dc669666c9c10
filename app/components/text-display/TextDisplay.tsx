import type { ReactNode } from "react";
import type { TextAction, TextDisplayModel, TextSpan } from "~/text-display/text-display-model";
import { assertStyles, type TextStyle } from "~/text-display/text-styles";
import { recordTracking } from "~/tracking/tracking";
import { NewWindowLink } from "../new-window-link/NewWindowLink";
import { useOperation } from "./operations";

export interface TextDisplayProps {
  /** The text display model (docs/product/models.md). */
  model: TextDisplayModel;
  /** Extra class for the outer element. */
  className?: string;
}

/**
 * Renders a text display model: its text or spans, styled with the elements they mean, its
 * action, and its value. The value is what the text stands for ("$12.99" is 1299 cents): it is
 * kept as the machine-readable value of a `<data>` element around the text, and shown as the
 * text when the model has no text of its own.
 */
export function TextDisplay({ model, className }: TextDisplayProps) {
  assertStyles(model.styles);
  const spans: TextSpan[] = model.textSpans ?? [
    { text: model.text || (model.value === undefined ? "" : String(model.value)) },
  ];
  const content = spans.map((span, index) => <Span key={index} span={span} />);
  const styled = applyStyles(accessible(content, model.accessibilityText), model.styles);
  const valued = model.value === undefined ? styled : <data value={String(model.value)}>{styled}</data>;
  return (
    <span className={["text-display", className].filter(Boolean).join(" ")}>
      {model.action ? <Action action={model.action}>{valued}</Action> : valued}
    </span>
  );
}

function Span({ span }: { span: TextSpan }) {
  assertStyles(span.styles);
  const styled = applyStyles(accessible(span.text, span.accessibilityText), span.styles);
  return span.action ? <Action action={span.action}>{styled}</Action> : styled;
}

/** accessibilityText is what assistive technology reads in place of the visible text. */
function accessible(visible: ReactNode, accessibilityText: string | undefined): ReactNode {
  if (!accessibilityText) return visible;
  return (
    <>
      <span aria-hidden="true">{visible}</span>
      <span className="visually-hidden">{accessibilityText}</span>
    </>
  );
}

const STYLE_ELEMENTS: Record<
  Exclude<TextStyle, "DEFAULT" | "NEGATIVE" | "POSITIVE">,
  (children: ReactNode) => ReactNode
> = {
  BOLD: (children) => <strong>{children}</strong>,
  SUPERSCRIPT: (children) => <sup>{children}</sup>,
  SUBSCRIPT: (children) => <sub>{children}</sub>,
  STRIKETHROUGH: (children) => <s>{children}</s>,
  EMPHASIS: (children) => <em>{children}</em>,
  HIGHLIGHT: (children) => <mark>{children}</mark>,
  ITALIC: (children) => <i>{children}</i>,
};

/** NEGATIVE and POSITIVE carry a sign as well as a colour, so the meaning survives without colour. */
const SENTIMENT = {
  NEGATIVE: { className: "text-display--negative", sign: "▼" },
  POSITIVE: { className: "text-display--positive", sign: "▲" },
} as const;

function applyStyles(children: ReactNode, styles: TextStyle[] = []): ReactNode {
  return styles.reduce<ReactNode>((inner, style) => {
    if (style === "DEFAULT") return inner;
    if (style === "NEGATIVE" || style === "POSITIVE") {
      const { className, sign } = SENTIMENT[style];
      return (
        <span className={className}>
          <span className="text-display__sign" aria-hidden="true">
            {sign}
          </span>
          {inner}
        </span>
      );
    }
    return STYLE_ELEMENTS[style](inner);
  }, children);
}

function Action({ action, children }: { action: TextAction; children: ReactNode }) {
  const operation = useOperation(action.type === "OPERATION" ? action.name : "");
  const track = () => action.tracking && recordTracking(action.tracking);
  if (action.type === "NAV") {
    return action.newWindow ? (
      <NewWindowLink href={action.URL} onClick={track}>
        {children}
      </NewWindowLink>
    ) : (
      <a href={action.URL} onClick={track}>
        {children}
      </a>
    );
  }
  if (!operation) {
    // A button that does nothing would mislead; the text stays readable without it.
    console.error(`The page offers no operation named ${action.name}`);
    return <>{children}</>;
  }
  return (
    <button
      type="button"
      className="button button--link"
      onClick={() => {
        track();
        operation();
      }}
    >
      {children}
    </button>
  );
}
