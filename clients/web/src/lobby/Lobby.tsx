// Pick a game, its options and who sits where (you, a friend with an invite link, or a bot), then create it.
import type { GameType } from "@playledger/client";
import { useEffect, useState } from "react";
import { spectator } from "../app/client";
import { ProblemLine } from "../game/ErrorLine";
import { type Problem, problemOf } from "../game/errors";
import { useT } from "../i18n/text";
import { CreateForm } from "./CreateForm";
import { GameTypes } from "./GameTypes";
import { type Created, Invites } from "./Invites";

export function Lobby() {
  const t = useT();
  const [types, setTypes] = useState<GameType[]>([]);
  const [chosen, setChosen] = useState<string>("");
  const [problem, setProblem] = useState<Problem>();
  const [created, setCreated] = useState<Created>();
  useEffect(() => {
    spectator
      .listGameTypes()
      .then((found) => {
        setTypes(found);
        setChosen(
          (c) => c || (found.find((t) => t.name === "hare-and-tortoise") ?? found[0])?.name || "",
        );
      })
      .catch((e: unknown) => setProblem(problemOf(e)));
  }, []);
  const type = types.find((t) => t.name === chosen);
  return (
    <section className="lobby" aria-labelledby="lobby-title">
      <h1 id="lobby-title">{t("lobby.title")}</h1>
      <ProblemLine problem={problem} players={[]} />
      <GameTypes
        types={types}
        chosen={chosen}
        onChoose={(name) => {
          setChosen(name);
          setCreated(undefined);
        }}
      />
      {type && !created && <CreateForm key={type.name} type={type} onCreated={setCreated} />}
      {created && <Invites created={created} />}
    </section>
  );
}
