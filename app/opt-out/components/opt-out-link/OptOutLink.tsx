import { lazy, Suspense, useState, type MouseEvent } from "react";
import type { OptOutViewModel } from "~/opt-out/opt-out-model";
import { isPlainClick } from "../../../components/plain-click";

// The dialog (and Radix under it) stays out of the shell's first load; hover or focus fetches it early.
const loadDialog = () => import("../opt-out-dialog/OptOutDialog");
const OptOutDialog = lazy(loadDialog);

export interface OptOutLinkProps {
  /** The opt-out view model (docs/product/models.md): the link's text and the dialog it opens. */
  model: OptOutViewModel;
  /** The session's anti-forgery token, sent with the switch. */
  srt: string;
}

/**
 * "Switch to the previous tool": opens the opt-out dialog. Before the page is hydrated, or
 * opened in a new tab, it is a link to the switch-tools page, which does the same with a form.
 */
export function OptOutLink({ model, srt }: OptOutLinkProps) {
  const [open, setOpen] = useState(false);
  const openDialog = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpen(true);
  };
  const preload = () => void loadDialog();
  return (
    <>
      <a
        href={model.linkConfig.url}
        aria-haspopup="dialog"
        onClick={openDialog}
        onMouseEnter={preload}
        onFocus={preload}
      >
        {model.linkConfig.text}
      </a>
      {open && (
        <Suspense fallback={null}>
          <OptOutDialog model={model} srt={srt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
