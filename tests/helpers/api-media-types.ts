import { referenceOperations, type ReferenceOperation } from "./api-contract";

/*
 * The media types the reference names per operation, and how a program asks for each (issue 33):
 * tests/integration/api-media-types.test.ts sends every probe to a seeded site, and
 * scripts/api-doc.ts counts from the same list, so docs/api.md says what the test holds.
 *
 * A read's response types are asked for in Accept and must answer 2xx in that type (asked for
 * plain application/json, a JSON answer: Arkiv labels it with the vendor type beside it). A write's
 * request types are sent as Content-Type and must be read: any answer but 415 and 406 (a probe's
 * body is empty, so 400 is the usual answer: the type was understood, the body refused). A
 * write's response types are checked by the operation's own tests, which validate each answer.
 */

/** Operations of capabilities a later issue builds: not probed, and counted apart. */
export const LATER_CAPABILITIES: { pattern: RegExp; reason: string }[] = [
  { pattern: /\.annotations\//, reason: "annotations arrive with their issue" },
  { pattern: /^\/fotoweb\/(me\/)?(cart|orders)\b/, reason: "orders arrive with their issue" },
  { pattern: /\/xmp$/, reason: "XMP sidecar upload arrives with its issue" },
];

/** Request types of capabilities Arkiv has not: answered 501 in the error shape, not 415. */
export const NOT_IMPLEMENTED_TYPES: Record<string, string> = {
  "application/vnd.fotoware.action-request+json": "Arkiv has no actions (FotoStation actions)",
  "application/vnd.fotoware.marker-request+json": "Arkiv has no markers",
};

export const laterCapability = (operation: ReferenceOperation) =>
  LATER_CAPABILITIES.find((c) => c.pattern.test(operation.path));

export interface ProbeFixture {
  archiveHref: string;
  archiveId: number;
  assetHref: string;
  assetId: number;
  albumHref: string;
  userId: number;
  groupId: number;
  /** A user and a group only written to by probes. */
  probeUserId: number;
  probeGroupId: number;
  viewId: number | string;
  taxonomyHref: string;
  taxonomyItemHref: string;
  taskHref: string;
  uploadId: string;
}

export interface Probe {
  operation: string;
  method: string;
  type: string;
  kind: "response" | "request";
  path: string;
  init: RequestInit;
  /** 501: the reference's type for a capability Arkiv has not. */
  notImplemented: boolean;
}

const isRead = (method: string) => method === "GET";

/** The response types a read names for its 2xx answers. */
export function responseTypes(operation: ReferenceOperation): string[] {
  const types = new Set<string>();
  for (const [status, content] of Object.entries(operation.responses))
    if (/^2/.test(status)) for (const type of Object.keys(content)) types.add(type);
  return [...types];
}

/** What a probe checks of an operation: a read's response types, a write's request types. */
export function probedTypes(
  operation: ReferenceOperation,
): { type: string; kind: Probe["kind"] }[] {
  if (isRead(operation.method))
    return responseTypes(operation).map((type) => ({ type, kind: "response" as const }));
  return operation.requestTypes.map((type) => ({ type, kind: "request" as const }));
}

/** A concrete path for an operation's template on the seeded site. */
function concretePath(operation: ReferenceOperation, f: ProbeFixture): string {
  return templatePath(operation, f).replace("{p}", "0");
}

function templatePath(operation: ReferenceOperation, f: ProbeFixture): string {
  const { path, method } = operation;
  const write = !isRead(method);
  const user = String(write ? f.probeUserId : f.userId);
  const group = String(write ? f.probeGroupId : f.groupId);
  if (path.startsWith("/fotoweb/users/{userid}/albums/{albumid}/"))
    return f.albumHref + path.slice("/fotoweb/users/{userid}/albums/{albumid}/".length);
  if (path === "/fotoweb/archives/{archiveid}/{folderid}/{asset}") return f.assetHref;
  if (path === "/fotoweb/archives/{id}/" || path === "/fotoweb/archives/{archiveHREF}/")
    return f.archiveHref;
  if (path.startsWith("/fotoweb/api/taxonomies/{fieldId}/{itemId}"))
    return f.taxonomyItemHref + path.slice("/fotoweb/api/taxonomies/{fieldId}/{itemId}".length);
  if (path.startsWith("/fotoweb/api/taxonomies/{fieldId}/"))
    return f.taxonomyHref + path.slice("/fotoweb/api/taxonomies/{fieldId}/".length);
  if (path === "/fotoweb/me/background-tasks/{id}") return f.taskHref;
  // The reference requires the people search's q.
  if (path === "/fotoweb/me/people/") return `${path}?q=probe`;
  return path
    .replace("{viewid}", String(f.viewId))
    .replace("{archiveID}", String(f.archiveId))
    .replace("{uploadId}", f.uploadId)
    .replace("{chunkIndex}", "0")
    .replace(/^\/fotoweb\/api\/users\/\{id\}/, `/fotoweb/api/users/${user}`)
    .replace(/^\/fotoweb\/api\/groups\/\{id\}/, `/fotoweb/api/groups/${group}`);
}

const BOUNDARY = "arkiv-probe";

function requestBody(type: string): BodyInit {
  if (type === "multipart/form-data")
    return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nprobe\r\n--${BOUNDARY}--\r\n`;
  return "{}";
}

/** Every probe for the operations Arkiv answers, on the seeded site. */
export function mediaTypeProbes(fixture: ProbeFixture): Probe[] {
  const probes: Probe[] = [];
  for (const operation of referenceOperations()) {
    if (laterCapability(operation)) continue;
    const path = concretePath(operation, fixture);
    for (const { type, kind } of probedTypes(operation)) {
      const headers: Record<string, string> =
        kind === "response"
          ? { accept: type }
          : {
              accept: "application/json",
              "content-type":
                type === "multipart/form-data" ? `${type}; boundary=${BOUNDARY}` : type,
            };
      probes.push({
        operation: operation.path,
        method: operation.method,
        type,
        kind,
        path,
        init: {
          method: operation.method,
          headers,
          ...(kind === "request" ? { body: requestBody(type) } : {}),
        },
        notImplemented: kind === "request" && type in NOT_IMPLEMENTED_TYPES,
      });
    }
  }
  return probes;
}

const mediaTypeOfHeader = (header: string | null) =>
  (header ?? "").split(";")[0]!.trim().toLowerCase();

/** Why a probe's answer falls short; "" when it answers as it should. */
export async function probeOutcome(probe: Probe, response: Response): Promise<string> {
  const got = mediaTypeOfHeader(response.headers.get("content-type"));
  await response.arrayBuffer();
  if (probe.notImplemented)
    return response.status === 501 ? "" : `answered ${response.status}, expected 501`;
  if (probe.kind === "request")
    return [406, 415, 404, 405, 501].includes(response.status)
      ? `answered ${response.status} (${got})`
      : "";
  if (response.status < 200 || response.status > 299) return `answered ${response.status}`;
  // Plain JSON asked for: the vendor type is JSON too, and the one each answer is checked against.
  if (
    probe.type === "application/json"
      ? !/^application\/([\w.-]+\+)?json$/.test(got)
      : got !== probe.type
  )
    return `answered as ${got || "nothing"}`;
  return "";
}

/** Per operation: the types the reference names, those probed to answer, and those not (why). */
export function mediaTypeCounts(operation: ReferenceOperation): {
  named: number;
  answered: number;
  pending: string[];
} {
  const later = laterCapability(operation);
  const probed = probedTypes(operation);
  if (later) return { named: probed.length, answered: 0, pending: [later.reason] };
  const notImplemented = probed.filter((p) => p.type in NOT_IMPLEMENTED_TYPES);
  return {
    named: probed.length,
    answered: probed.length - notImplemented.length,
    pending: notImplemented.map((p) => `${p.type}: 501, ${NOT_IMPLEMENTED_TYPES[p.type]}`),
  };
}
