// "This gains you nothing. Place anyway?": asked before a worker goes onto a space the server's view says
// gains the seat nothing now, with the view's reason (issue 29). A modal dialog: the focus starts on Cancel, Escape cancels, and the
// focus goes back to the space when it closes without the move.
import { useEffect, useRef } from "react";
import type { GameText } from "../../i18n/text";
import type { Nothing } from "./common";

export function Confirm(props: {
  nothing: Nothing;
  space: string;
  text: GameText;
  onPlace: () => void;
  onCancel: () => void;
}) {
  const { nothing, text } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    cancel.current?.focus();
  }, []);
  // Closed first: while the modal dialog is open nothing outside it can take the focus back.
  const close = (then: () => void) => {
    dialog.current?.close();
    then();
  };
  const values = {
    gold: nothing.gold,
    have: nothing.have,
    trees: nothing.trees,
    haveTrees: nothing.have_trees,
    haveGold: nothing.have_gold,
  };
  return (
    <dialog
      ref={dialog}
      className="at-confirm"
      aria-labelledby="at-confirm-title"
      aria-describedby="at-confirm-why"
      onCancel={(e) => {
        e.preventDefault();
        close(props.onCancel);
      }}
    >
      <p id="at-confirm-title">
        <strong>{text("confirm.nothing")}</strong>
      </p>
      <p id="at-confirm-why">
        {props.space}: {text(`confirm.why.${nothing.why}`, values)}
      </p>
      <div className="actions">
        <button type="button" ref={cancel} onClick={() => close(props.onCancel)}>
          {text("confirm.cancel")}
        </button>
        <button type="button" className="primary" onClick={() => close(props.onPlace)}>
          {text("confirm.place")}
        </button>
      </div>
    </dialog>
  );
}
