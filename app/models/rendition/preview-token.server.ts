import crypto from "node:crypto";
import { storedSessionSecrets } from "~/models/site/site.server";
import { env } from "~/utils/env.server";

/*
 * An asset's previewToken (decision 110): what the asset JSON hands a viewer who may preview it,
 * for programs (pyfwapi) that send it as a bearer to the preview hrefs. It names one revision's
 * preview: signed with the site's signing secrets over the revision and its preview's content,
 * so it cannot be made from a file URL (which carries the content hash) and opens nothing else.
 */

async function signingSecrets(): Promise<readonly string[]> {
  return env().SESSION_SECRETS ?? (await storedSessionSecrets());
}

function sign(secret: string, revisionId: number, previewHash: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`arkiv preview token\n${revisionId}\n${previewHash}`)
    .digest("base64url");
}

export type PreviewTokenSigner = (revisionId: number, previewHash: string) => string;

/** Signs preview tokens with the newest secret; read once for a list of assets. */
export async function previewTokenSigner(): Promise<PreviewTokenSigner> {
  const [secret] = await signingSecrets();
  return (revisionId, previewHash) => sign(secret!, revisionId, previewHash);
}

/** Whether the token is the one for this revision's preview, under any current secret. */
export async function isPreviewToken(
  token: string,
  revisionId: number,
  previewHash: string,
): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const presented = Buffer.from(token);
  return (await signingSecrets()).some((secret) => {
    const expected = Buffer.from(sign(secret, revisionId, previewHash));
    return expected.length === presented.length && crypto.timingSafeEqual(expected, presented);
  });
}
