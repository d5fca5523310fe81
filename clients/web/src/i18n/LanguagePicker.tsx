// The language menu of the top bar: the browser's language first, any other on request, remembered.

import { useLanguage } from "./I18n";
import { isLanguage, LANGUAGES } from "./languages";
import { useT } from "./text";

export function LanguagePicker() {
  const { language, choose } = useLanguage();
  const t = useT();
  return (
    <label className="language">
      <span className="visually-hidden">{t("app.language")}</span>
      <select
        value={language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) choose(e.target.value);
        }}
        data-testid="language"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
