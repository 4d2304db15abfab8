// The language choice every shared screen shows in its header: the
// languages by their own names (and, in development, the pseudo language).
// A choice shows at once and is remembered in this browser (i18n.ts).

import { chooseAndRemember, type Lang, LANGUAGES, lang, t } from "./i18n";

/** Whether the pseudo language is offered: in development, or once chosen (a test sets it in storage). */
const offerPseudo = () => import.meta.env.DEV || lang.value === "pseudo";

export function LanguagePicker() {
  return (
    <p class="language-picker">
      <label for="language">{t("lang.label")}</label>{" "}
      <select id="language" value={lang.value} onChange={(e) => void chooseAndRemember(e.currentTarget.value as Lang)} data-testid="language">
        {LANGUAGES.map((l) => (
          <option key={l.id} value={l.id} lang={l.id}>
            {l.name}
          </option>
        ))}
        {offerPseudo() ? <option value="pseudo">{t("lang.pseudo")}</option> : null}
      </select>
    </p>
  );
}
