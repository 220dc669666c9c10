import { useCommitted } from "~/components/use-committed";
import { useText } from "~/i18n/text";
import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";

export type RunState =
  { status: "idle" } | { status: "running"; done: number; total: number } | { status: "refused"; reason: string };

/** The run's state as kept: done, it still shows its last progress over the page it was on (`over`). */
type KeptState = RunState | { status: "done"; shown: RunState; over: string };

const IDLE: RunState = { status: "idle" };

export interface RunPriceChange {
  state: RunState;
  /** The apply or undo form's onSubmit: sends it with fetch and follows its progress. */
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

type ProgressLine =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; location: string }
  | { type: "refused"; reason: string };

/**
 * Applying (or undoing) thousands of prices takes a while: with JavaScript the form is sent with
 * fetch, asking for its progress line by line (application/x-ndjson), and the page shows it. The
 * same form without JavaScript is a plain POST that waits for the outcome. Sending it twice is
 * safe either way: the change's id makes the second apply nothing.
 */
export function useRunPriceChange(): RunPriceChange {
  const navigate = useNavigate();
  const text = useText();
  const { key } = useLocation();
  const drawnPage = useCommitted(key);
  const [kept, setState] = useState<KeptState>(IDLE);
  // A run that is done ends with the page it was done over: the progress stays until the
  // outcome's page is drawn. Set idle once the navigation to that page had resolved, it was drawn
  // first, over the old page (React Router draws its pages in a transition, after more urgent
  // updates), and the button came back live there for a moment (the component's test sees it;
  // decision 054).
  const state: RunState = kept.status !== "done" ? kept : kept.over === key ? kept.shown : IDLE;
  // Done once, as the outcome's page is drawn: Back to the page it was done over shows no progress
  // again (React's adjusting of state while rendering, without an effect's extra render).
  if (kept.status === "done" && kept.over !== key) setState(IDLE);

  const run = async (form: HTMLFormElement) => {
    setState({ status: "running", done: 0, total: 0 });
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        headers: { Accept: "application/x-ndjson" },
      });
      if (!response.ok || !response.body) {
        setState({ status: "refused", reason: (await response.text()) || text("bulk.run.notSent") });
        return;
      }
      if (!(response.headers.get("Content-Type") ?? "").startsWith("application/x-ndjson")) {
        // Not progress: the session ended and the answer is the sign-in page, reached by a redirect.
        // The seller signs in there, and is led back to the change.
        window.location.assign(response.url);
        return;
      }
      let shown: RunState = { status: "running", done: 0, total: 0 };
      for await (const line of lines(response.body)) {
        if (line.type === "progress") {
          shown = { status: "running", done: line.done, total: line.total };
          setState(shown);
        }
        if (line.type === "refused") {
          setState({ status: "refused", reason: line.reason });
          return;
        }
        if (line.type === "done") {
          const over = drawnPage.current;
          await navigate(line.location, { replace: true, preventScrollReset: true, state: { ran: true } });
          setState({ status: "done", shown, over });
          return;
        }
      }
      // The answer ended with neither outcome (the server went away mid-change): say so, and the
      // button is there to try again (a change is never applied twice).
      setState({ status: "refused", reason: text("bulk.run.lost") });
    } catch {
      setState({
        status: "refused",
        reason: text("bulk.run.lost"),
      });
    }
  };

  return {
    state,
    onSubmit(event) {
      event.preventDefault();
      if (state.status !== "running") void run(event.currentTarget);
    },
  };
}

async function* lines(body: ReadableStream<Uint8Array>): AsyncGenerator<ProgressLine> {
  const decoder = new TextDecoder();
  let buffered = "";
  // A reader rather than `for await`: Safari before 18 cannot iterate a stream.
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim()) yield JSON.parse(line) as ProgressLine;
    }
  }
}
