// The replay's controls: start, back, a slider, forward, end, and whose view to show.
import { useT } from "../../i18n/text";

export function Stepper(props: {
  version: number;
  last: number;
  onStep: (to: number) => void;
  viewer: number | undefined;
  onViewer: (seat: number | undefined) => void;
  players: string[];
  canSeeAll: boolean;
  mine: number | undefined;
}) {
  const { version, last, onStep } = props;
  const t = useT();
  return (
    <fieldset className="stepper">
      <legend>{t("replay.stepper")}</legend>
      <div className="stepper-buttons">
        <button type="button" onClick={() => onStep(1)} disabled={version <= 1}>
          <span aria-hidden="true">|◀</span> {t("replay.start")}
        </button>
        <button
          type="button"
          onClick={() => onStep(version - 1)}
          disabled={version <= 1}
          aria-keyshortcuts="ArrowLeft"
        >
          <span aria-hidden="true">◀</span> {t("replay.backStep")}
        </button>
        <button
          type="button"
          onClick={() => onStep(version + 1)}
          disabled={version >= last}
          aria-keyshortcuts="ArrowRight"
        >
          {t("replay.forward")} <span aria-hidden="true">▶</span>
        </button>
        <button type="button" onClick={() => onStep(last)} disabled={version >= last}>
          {t("replay.end")} <span aria-hidden="true">▶|</span>
        </button>
      </div>
      <label className="stepper-range">
        {t("replay.version")}{" "}
        <input
          type="range"
          min={1}
          max={last}
          value={version}
          onChange={(e) => onStep(Number(e.target.value))}
          aria-valuetext={t("replay.versionOf", { version, last })}
        />{" "}
        <output data-testid="replay-version">
          {version} / {last}
        </output>
      </label>
      <label>
        {t("replay.as")}{" "}
        <select
          value={props.viewer === undefined ? "" : String(props.viewer)}
          onChange={(e) =>
            props.onViewer(e.target.value === "" ? undefined : Number(e.target.value))
          }
        >
          <option value="">{t("replay.spectator")}</option>
          {props.players.map((p, s) =>
            props.canSeeAll || s === props.mine ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
              <option key={s} value={String(s)}>
                {p}
              </option>
            ) : null,
          )}
        </select>
      </label>
    </fieldset>
  );
}
