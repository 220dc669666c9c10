import { useEffect, useRef, useState } from "react";

/** The opt-out call gives up after 5000 ms. */
export const OPT_OUT_TIMEOUT_MS = 5000;

/** How the call ended: the server said yes, the server said no, or no answer came (decision 056). */
export type OptOutOutcome = "switched" | "failed" | "unconfirmed";

/** asking → switching → one of the outcomes. */
export type OptOutStep = "asking" | "switching" | OptOutOutcome;

/**
 * The switch: POSTs the session's token to the opt-out URL and says how it went. The asking
 * view's buttons go with the outcome, so focus moves to the outcome's primary action.
 */
export function useOptOut(optOutUrl: string, srt: string) {
  const [step, setStep] = useState<OptOutStep>("asking");
  const previousToolLink = useRef<HTMLAnchorElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step === "switched") previousToolLink.current?.focus();
    if (step === "failed" || step === "unconfirmed") closeButton.current?.focus();
  }, [step]);

  const switchTools = async () => {
    setStep("switching");
    setStep(await postOptOut(optOutUrl, srt));
  };
  return { step, switchTools, previousToolLink, closeButton };
}

/**
 * JSON `{ "srt": … }`, 5000 ms at most; the answer's body is never read, only whether it
 * succeeded. A refusal or a redirect (to sign-in, when the session has ended) means nothing was
 * saved. A time-out or a lost connection says nothing either way: the request may have reached
 * the server, which may have recorded it after the page stopped waiting.
 */
export async function postOptOut(optOutUrl: string, srt: string): Promise<OptOutOutcome> {
  try {
    const response = await fetch(optOutUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ srt }),
      credentials: "same-origin",
      // A redirect is an answer (the session ended: nothing was saved), so it is not followed but
      // read as a refusal; `redirect: "error"` would make it a network error, like a lost connection.
      redirect: "manual",
      signal: AbortSignal.timeout(OPT_OUT_TIMEOUT_MS),
    });
    return response.ok ? "switched" : "failed";
  } catch {
    return "unconfirmed";
  }
}
