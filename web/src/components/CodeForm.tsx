import type { ComponentChildren } from "preact";

/**
 * CodeForm is the one form for typing a short code: a table's join code on the
 * home page, a TV code on the TV, a device link code in the notices. The code's
 * field has a label for screen readers only, takes no autocomplete and asks a
 * phone for capitals; the button sends the form.
 */
export function CodeForm({
  id,
  name,
  label,
  placeholder,
  value,
  onValue,
  onSubmit,
  disabled,
  inputClass,
  primary = false,
  children,
}: {
  /** the field's id, unique on the page */
  id: string;
  /** the field's form name, where the form has one */
  name?: string;
  /** the field's label, read by screen readers */
  label: string;
  placeholder: string;
  value: string;
  onValue: (v: string) => void;
  onSubmit: (e: Event) => void;
  disabled?: boolean;
  /** a class for the field, for a screen's own look */
  inputClass?: string;
  /** whether the button is the page's main one */
  primary?: boolean;
  /** the button's words */
  children: ComponentChildren;
}) {
  return (
    <form class="row" onSubmit={onSubmit}>
      <label for={id} class="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        class={inputClass}
        autocomplete="off"
        autocapitalize="characters"
        placeholder={placeholder}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
      />
      <button type="submit" class={primary ? "btn-primary" : undefined} disabled={disabled}>
        {children}
      </button>
    </form>
  );
}
