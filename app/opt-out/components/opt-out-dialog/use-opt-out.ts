import { useEffect, useRef, useState } from "react";

/** Spec §9: the opt-out call gives up after 5000 ms, and a time-out is a failure. */
export const OPT_OUT_TIMEOUT_MS = 5000;

/** asking → switching → switched or failed. */
export type OptOutStep = "asking" | "switching" | "switched" | "failed";

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
    if (step === "failed") closeButton.current?.focus();
  }, [step]);

  const switchTools = async () => {
    setStep("switching");
    setStep((await postOptOut(optOutUrl, srt)) ? "switched" : "failed");
  };
  return { step, switchTools, previousToolLink, closeButton };
}

/**
 * Spec §7: JSON `{ "srt": … }`, 5000 ms at most; the answer's body is never read, only whether
 * it succeeded. A redirect (to sign-in, when the session has ended) is a failure too.
 */
export async function postOptOut(optOutUrl: string, srt: string): Promise<boolean> {
  try {
    const response = await fetch(optOutUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ srt }),
      credentials: "same-origin",
      redirect: "error",
      signal: AbortSignal.timeout(OPT_OUT_TIMEOUT_MS),
    });
    return response.ok;
  } catch {
    return false;
  }
}
