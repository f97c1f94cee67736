import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { db } from "~/db/connection.server";
import { translate } from "~/models/locale/catalog.server";
import type { MessageId, MessageValues } from "~/models/locale/message-id";
import { issuePasswordReset } from "~/models/auth/password-reset.server";
import { mailLocaleIn, mailLocaleOf, siteMailLocale } from "~/models/locale/recipient.server";
import { invitationMail } from "~/models/invitation/invitation.server";
import { shareMail } from "~/models/album/album-shares.server";
import { alertDigest } from "~/models/alert/alert.view";
import { updateSiteSettings } from "~/models/site/site.server";
import { createUser, updatePreferences } from "~/models/user/user.server";
import { createTestDatabase, type TestDatabase } from "../helpers/database";

/*
 * Mail goes in the recipient's language (issue 32): an account's chosen language and zone, else
 * the site's; a sign-up's answer in the language the visitor signed up in.
 */

const translateIn = (language: "nb" | "de", id: MessageId, values?: MessageValues) =>
  translate(language, id, values);

let testDb: TestDatabase;
beforeEach(async () => {
  testDb = await createTestDatabase();
});
afterEach(async () => {
  await testDb?.destroy();
});

async function personIn(username: string, language: string, timeZone = "auto") {
  const user = await createUser({
    username,
    password: "polyglot-password-1",
    email: `${username}@example.test`,
  });
  await updatePreferences(user.id, (p) => ({
    ...p,
    intranet: { ...p.intranet, language: language as "nb", timeZone },
  }));
  return user;
}

const outbox = (to: string) =>
  db().selectFrom("mail_messages").selectAll().where("to_address", "=", to).execute();

describe("the recipient's language", () => {
  test("an account's choice, else the site's default; never the pseudo-locale", async () => {
    const nora = await personIn("nora", "nb", "Europe/Oslo");
    const auto = await personIn("auto", "auto");
    const pseudo = await personIn("pseudo", "en-XA");
    expect(await mailLocaleOf(nora.id)).toMatchObject({ language: "nb", timeZone: "Europe/Oslo" });
    expect(await mailLocaleOf(auto.id)).toMatchObject({ language: "en", timeZone: "UTC" });
    expect((await mailLocaleOf(pseudo.id)).language).toBe("en");
    await updateSiteSettings({ defaultLanguage: "de", timeZone: "Europe/Berlin" });
    expect(await mailLocaleOf(auto.id)).toMatchObject({
      language: "de",
      timeZone: "Europe/Berlin",
    });
    expect(await mailLocaleOf(null)).toMatchObject({ language: "de" });
    expect((await mailLocaleIn("nb")).language).toBe("nb");
    expect((await mailLocaleIn("xx")).language).toBe("de");
    expect((await siteMailLocale()).timeZone).toBe("Europe/Berlin");
  });

  test("a password reset reaches a Norwegian account in Norwegian", async () => {
    const nora = await personIn("nora", "nb");
    await issuePasswordReset(
      { id: nora.id, username: "nora", email: "nora@example.test" },
      { linkBase: "https://arkiv.test/reset", siteName: "Bildearkiv" },
    );
    const [mail] = await outbox("nora@example.test");
    expect(mail!.subject).toBe("Tilbakestill passordet ditt for Bildearkiv");
    expect(mail!.text_body).toContain("passordet til kontoen «nora» på Bildearkiv");
    expect(mail!.text_body).toContain("https://arkiv.test/reset/");
  });

  test("a share speaks each recipient's language, escaped in HTML", () => {
    const parts = {
      to: "x@example.test",
      sharer: "Åse <b>",
      albumName: "Sommer",
      link: "https://arkiv.test/a/",
      message: { title: "", body: "" },
    };
    const german = shareMail(parts, { t: (id, v) => translateIn("de", id, v) });
    expect(german.subject).toBe("Åse <b> hat das Album Sommer geteilt");
    expect(german.html).toContain("Åse &lt;b&gt; hat das Album „Sommer“ mit Ihnen geteilt.");
    expect(german.html).toContain(">Album öffnen</a>");
  });

  test("an invitation gives its end date in the site's language and zone", async () => {
    await updateSiteSettings({ defaultLanguage: "nb", timeZone: "Europe/Oslo" });
    const mail = invitationMail(
      {
        to: "new@example.test",
        inviter: "Ingrid",
        message: "",
        link: "https://arkiv.test/i/x",
        expiresAt: "2026-12-31T23:30:00.000Z",
      },
      await siteMailLocale(),
    );
    expect(mail.subject).toBe("Ingrid har invitert deg til Arkiv");
    // 23:30 UTC on New Year's Eve is already the first of January in Oslo.
    expect(mail.text).toContain("Lenken virker til og med 1. jan. 2027.");
  });

  test("an alert's digest counts in the owner's language", () => {
    const digest = alertDigest(
      {
        searchString: "fjord",
        archiveName: "Foto",
        searchHref: "https://arkiv.test/s",
        manageHref: "https://arkiv.test/m",
        assets: [],
        total: 3,
      },
      (id, v) => translateIn("nb", id, v),
    );
    expect(digest.subject).toBe("3 nye ressurser for varselet ditt «fjord» i Foto");
    const one = alertDigest(
      {
        searchString: "fjord",
        archiveName: "Foto",
        searchHref: "https://arkiv.test/s",
        manageHref: "https://arkiv.test/m",
        assets: [],
        total: 1,
      },
      (id, v) => translateIn("de", id, v),
    );
    expect(one.subject).toBe("1 neues Asset für Ihre Benachrichtigung „fjord“ in Foto");
  });
});
