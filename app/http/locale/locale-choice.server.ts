import { translate } from "~/models/locale/catalog.server";
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  negotiateLanguage,
  PSEUDO_LANGUAGE,
  timeZones,
  type Language,
} from "~/models/locale/language";
import { localeChoiceSchema } from "~/models/locale/locale.schema";
import { getSiteSettings } from "~/models/site/site.server";
import { updatePreferences } from "~/models/user/user.server";
import { safeRedirect } from "../redirect";
import { getViewer } from "../session.server";
import { readSubmission } from "../submission.server";
import { redirectWithToast } from "../toast.server";
import { isLanguageOffered, localeOf, pseudoLocaleOn, rememberLocale } from "./locale.server";

const offered = (): Language[] => [
  ...LANGUAGES,
  ...(pseudoLocaleOn() ? [PSEUDO_LANGUAGE as Language] : []),
];

/** What the language page offers and what this person has chosen. */
export async function localePageData(request: Request) {
  const [viewer, locale, settings] = await Promise.all([
    getViewer(request),
    localeOf(request),
    getSiteSettings(),
  ]);
  const saved = viewer && !viewer.isGuest ? viewer.preferences.intranet : null;
  return {
    languages: offered().map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    timeZones: timeZones(),
    chosen: {
      language: saved ? saved.language : locale.language,
      timeZone: saved ? saved.timeZone : locale.timeZone,
    },
    saves: saved ? ("account" as const) : ("browser" as const),
    siteTimeZone: settings.timeZone,
    browserLanguage:
      negotiateLanguage(request.headers.get("Accept-Language")) ?? settings.defaultLanguage,
    current: locale,
  };
}

/*
 * A choice of language or time zone: kept in a signed-in person's preferences, else in a cookie
 * of this browser. The page it came from is shown again, in the language chosen.
 */
export async function submitLocaleChoice(request: Request) {
  const viewer = await getViewer(request);
  const before = await localeOf(request);
  const submission = await readSubmission(request, localeChoiceSchema, { json: false });
  const to = safeRedirect(submission.values.to);
  const { language, timeZone } = submission.ok ? submission.data : {};
  if (!submission.ok || (language && language !== "auto" && !isLanguageOffered(language))) {
    return redirectWithToast(request, to, {
      kind: "error",
      message: translate(before.language, "common.locale.invalid"),
    });
  }
  const cookies: string[] = [];
  if (viewer && !viewer.isGuest) {
    await updatePreferences(viewer.id, (p) => ({
      ...p,
      intranet: {
        ...p.intranet,
        ...(language ? { language } : {}),
        ...(timeZone ? { timeZone } : {}),
      },
    }));
  } else {
    cookies.push(
      await rememberLocale(request, {
        language: language && language !== "auto" ? language : undefined,
        timeZone: timeZone && timeZone !== "auto" ? timeZone : before.timeZone,
      }),
    );
  }
  const shown = language && language !== "auto" ? language : before.language;
  return redirectWithToast(
    request,
    to,
    { message: translate(shown, "common.locale.saved") },
    cookies,
  );
}
