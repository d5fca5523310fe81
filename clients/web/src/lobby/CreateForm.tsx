// The form of one game type: the players, the options, the clock; "Create game", and the server's refusal
// beside that button.
import type { GameType, JsonObject } from "@playledger/client";
import { useState } from "react";
import { useIntl } from "react-intl";
import { spectator } from "../app/client";
import { hold, inviteLink } from "../app/seats";
import { ProblemLine } from "../game/ErrorLine";
import { type Problem, problemOf } from "../game/errors";
import { gameText, useT } from "../i18n/text";
import { ClockFields } from "./ClockFields";
import type { Created } from "./Invites";
import { OptionFields } from "./OptionFields";
import {
  type ClockPlan,
  defaultsOf,
  firstSeats,
  type Names,
  NO_CLOCK,
  rememberedName,
  rememberName,
  request,
  type SeatPlan,
} from "./plan";
import { SeatRows } from "./SeatRows";
import { OPEN_TABLE, TableFields, type TablePlan } from "./TableFields";

function useNames(): Names {
  const t = useT();
  return {
    you: rememberedName() ?? t("lobby.defaultName", { n: 1 }),
    player: (n) => t("lobby.defaultName", { n }),
    bot: (n) => t("lobby.botName", { n }),
  };
}

export function CreateForm(props: { type: GameType; onCreated: (c: Created) => void }) {
  const { type } = props;
  const t = useT();
  const intl = useIntl();
  const names = useNames();
  const [options, setOptions] = useState<JsonObject>(() => defaultsOf(type));
  const [seats, setSeats] = useState<SeatPlan[]>(() => firstSeats(type, names));
  const [clock, setClock] = useState<ClockPlan>(NO_CLOCK);
  const [table, setTable] = useState<TablePlan>(OPEN_TABLE);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const create = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const { botPace, ...settings } = table;
      const asked = request(type, seats, options, clock, names);
      const made = await spectator.createGame({
        ...asked,
        bots: (asked.bots ?? []).map((b) => (botPace ? { ...b, pace: botPace } : b)),
        table: settings,
      });
      const game = made.game.name;
      const mine = seats.findIndex((s) => s.kind === "you");
      if (mine >= 0) rememberName(seats[mine]?.name ?? "");
      hold(game, () => ({
        ...(mine >= 0 ? { mine } : {}),
        tokens: Object.fromEntries(made.seats.map((s) => [String(s.seat), s.token])),
        bots: [],
      }));
      props.onCreated({
        game,
        ...(mine >= 0 ? { mine } : {}),
        invites: made.seats
          .filter((s) => seats[s.seat]?.kind === "friend")
          .map((s) => ({
            seat: s.seat,
            player: s.player,
            link: inviteLink(game, s.seat, s.token),
          })),
      });
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  const text = gameText(intl, type.name);
  return (
    <form
      className="create"
      aria-labelledby="create-title"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <h2 id="create-title">{text.has("title") ? text("title") : type.title}</h2>
      <SeatRows type={type} seats={seats} names={names} onChange={setSeats} />
      <OptionFields
        type={type}
        options={options}
        seats={seats}
        names={names}
        onChange={setOptions}
      />
      <ClockFields clock={clock} onChange={setClock} />
      <TableFields table={table} onChange={setTable} />
      <div className="create-actions">
        <button type="submit" className="primary" disabled={busy} aria-describedby="create-problem">
          {busy ? t("lobby.creating") : t("lobby.create")}
        </button>
        <div id="create-problem" className="beside">
          <ProblemLine problem={problem} players={[]} />
        </div>
      </div>
    </form>
  );
}
