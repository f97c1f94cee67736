import type { Translate } from "~/models/locale/message-id";
import { shortSearchText } from "./alert-text";

/*
 * The alert digest mail (decision 062): pure text and HTML builders. Everything a person or an
 * uploader wrote (search text, archive name, file names, titles) is escaped in the HTML.
 */

export interface DigestAsset {
  name: string;
  title: string;
  /** Absolute URL of the asset's page. */
  href: string;
  /** Absolute URL of a thumbnail, when the asset has one. */
  thumbnail: string | null;
}

export interface DigestInput {
  searchString: string;
  archiveName: string;
  /** Absolute URL of the archive searched for the alert's text. */
  searchHref: string;
  /** Absolute URL of the alert (the alerts list, edit mode). */
  manageHref: string;
  assets: DigestAsset[];
  /** How many new assets the run found; more than `assets` shows when the mail is cut. */
  total: number;
}

export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** The digest in the alert owner's language (their preference, else the site's). */
export function alertDigest(
  input: DigestInput,
  t: Translate,
): { subject: string; text: string; html: string } {
  const shown = shortSearchText(input.searchString);
  const subject = t("mail.alert.subject", {
    count: input.total,
    search: shown,
    archive: input.archiveName,
  })
    .replace(/[\r\n]+/g, " ")
    .slice(0, 250);
  const intro = t("mail.alert.intro", {
    count: input.total,
    search: input.searchString,
    archive: input.archiveName,
  });
  const more = input.total - input.assets.length;
  const moreText = t("mail.alert.more", { count: more });
  const text = [
    intro,
    "",
    ...input.assets.map((a) => `- ${a.title ? `${a.title} (${a.name})` : a.name}: ${a.href}`),
    ...(more > 0 ? ["", `${moreText}: ${input.searchHref}`] : []),
    "",
    `${t("mail.alert.search")}: ${input.searchHref}`,
    `${t("mail.alert.manage")}: ${input.manageHref}`,
  ].join("\n");
  const rows = input.assets.map((a) => {
    const label = escapeHtml(a.title || a.name);
    const image = a.thumbnail
      ? `<img src="${escapeHtml(a.thumbnail)}" alt="" width="100" style="max-height:100px;object-fit:contain">`
      : "";
    return (
      `<tr><td style="padding:4px">${image ? `<a href="${escapeHtml(a.href)}">${image}</a>` : ""}</td>` +
      `<td style="padding:4px"><a href="${escapeHtml(a.href)}">${label}</a>` +
      (a.title ? `<br><small>${escapeHtml(a.name)}</small>` : "") +
      `</td></tr>`
    );
  });
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<table role="presentation">${rows.join("")}</table>`,
    ...(more > 0
      ? [`<p><a href="${escapeHtml(input.searchHref)}">${escapeHtml(moreText)}</a></p>`]
      : []),
    `<p><a href="${escapeHtml(input.searchHref)}">${escapeHtml(t("mail.alert.search"))}</a> · ` +
      `<a href="${escapeHtml(input.manageHref)}">${escapeHtml(t("mail.alert.manage"))}</a></p>`,
  ].join("\n");
  return { subject, text, html };
}
