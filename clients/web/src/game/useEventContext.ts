// What a game's words need to speak: the players' names, whose page it is, and both namespaces.
import { useMemo } from "react";
import { useIntl } from "react-intl";
import type { EventContext } from "../games/types";
import { appText, gameText } from "../i18n/text";

export function useEventContext(
  rules: string,
  players: string[],
  mySeat: number | undefined,
): EventContext {
  const intl = useIntl();
  return useMemo(
    () => ({ players, mySeat, t: appText(intl), text: gameText(intl, rules) }),
    [intl, rules, players, mySeat],
  );
}
