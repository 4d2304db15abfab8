// The words for a refused request. The server answers a stable code, an
// English message and, for the refusals people meet, a message id with its
// values (docs/api.md, "Errors"): the page words that message in its own
// language, since it names the very thing (who is not ready, which limit).
// A refusal without one is said by its code's meaning, or as the server wrote
// it on an English page. A failure that is not the server's answer gets the
// words the screen gives for it.

import { ApiError } from "../api";
import type { ProtocolError } from "../protocol";
import { lang, type MessageId, t, word } from "./i18n";

/** ERROR_IDS maps each error code of docs/api.md (and the page's own "offline") to its message. */
export const ERROR_IDS: Record<string, MessageId> = {
  offline: "error.offline",
  invalid: "error.invalid",
  unauthorized: "error.unauthorized",
  forbidden: "error.forbidden",
  not_found: "error.notFound",
  conflict: "error.conflict",
  not_your_turn: "error.notYourTurn",
  stale_version: "error.staleVersion",
  illegal_move: "error.illegalMove",
  too_large: "error.tooLarge",
  rate_limited: "error.rateLimited",
  outcome_unknown: "error.outcomeUnknown",
  internal: "error.internal",
};

/**
 * refusalWords says a server's refusal: its own message worded, else the
 * server's English words on an English page, else the meaning of its code;
 * "" for a code the page does not know.
 */
export function refusalWords(e: ProtocolError): string {
  if (e.msg) return word(e.msg);
  if (lang.value === "en" && e.message) return e.message;
  const id = ERROR_IDS[e.code];
  return id ? t(id) : "";
}

/** errorText is what a failed request e says to the person; fallback when it is no answer of the server's. */
export function errorText(e: unknown, fallback: MessageId): string {
  if (!(e instanceof ApiError)) return t(fallback);
  if (e.detail.code === "offline") return t("error.offline");
  return refusalWords(e.detail) || t(fallback);
}

/**
 * whyRefused asks the API why a table cannot be opened: it returns the
 * server's refusal, in the reader's words, when the table or code is unknown
 * or closed to this browser, and null when the server is merely unreachable
 * or fine.
 */
export async function whyRefused(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await check();
    return null;
  } catch (e) {
    if (e instanceof ApiError && [401, 403, 404].includes(e.status)) return errorText(e, "error.notFound");
    return null;
  }
}
