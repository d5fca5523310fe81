// The language of the page: react-intl's provider over the catalog, the language in a context the picker
// changes, <html lang> kept in step.
import { createContext, type ReactNode, use, useCallback, useEffect, useState } from "react";
import { IntlProvider } from "react-intl";
import { ENGLISH, type Messages, messagesOf } from "./catalog";
import { initialLanguage, type Language, remember } from "./languages";

interface LanguageChoice {
  language: Language;
  choose: (language: Language) => void;
}

const LanguageContext = createContext<LanguageChoice>({ language: "en", choose: () => {} });

export function useLanguage(): LanguageChoice {
  return use(LanguageContext);
}

export function I18n({ children, initial }: { children: ReactNode; initial?: Language }) {
  const [language, setLanguage] = useState<Language>(() => initial ?? initialLanguage());
  const [shown, setShown] = useState<{ language: Language; messages: Messages }>();
  useEffect(() => {
    let current = true;
    void messagesOf(language).then((messages) => {
      if (current) setShown({ language, messages });
    });
    return () => {
      current = false;
    };
  }, [language]);
  useEffect(() => {
    if (shown) document.documentElement.lang = shown.language;
  }, [shown]);
  const choose = useCallback((next: Language) => {
    remember(next);
    setLanguage(next);
  }, []);
  if (!shown) return null; // a catalog of a few kB is on its way (English is in the bundle)
  return (
    <LanguageContext value={{ language, choose }}>
      <IntlProvider
        locale={shown.language}
        defaultLocale="en"
        messages={shown.messages}
        onError={reportMissing}
      >
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}

function reportMissing(error: { code: string; message: string }): void {
  // The catalog test keeps every language complete; a gap found at run time still shows English.
  if (error.code === "MISSING_TRANSLATION" && import.meta.env.DEV) console.warn(error.message);
  else if (error.code !== "MISSING_TRANSLATION") console.error(error.message);
}

export { ENGLISH };
