import { describe, expect, it } from "vitest";
import {
  checkApiAnswer,
  ContractError,
  readApiJson,
  schemaFor,
  type ApiAnswer,
} from "../helpers/api-contract";
import { CONTRACT_EXCEPTIONS } from "../helpers/api-contract-exceptions";

/* The contract helper itself (decision 029): it passes good answers and fails bad ones. */

const COLLECTION_LIST = "application/vnd.fotoware.collectionlist+json";
const ASSET_LIST = "application/vnd.fotoware.assetlist+json";

const answer = (parts: Partial<ApiAnswer> & Pick<ApiAnswer, "body">): ApiAnswer => ({
  method: "GET",
  url: "/fotoweb/archives/",
  status: 200,
  contentType: `${COLLECTION_LIST}; charset=utf-8`,
  ...parts,
});

describe("choosing the schema", () => {
  it("takes the operation's by path, method, status and media type", () => {
    const choice = schemaFor({
      method: "GET",
      url: "http://127.0.0.1:1/fotoweb/archives/5000-Photos/?n=2",
      status: 200,
      contentType: ASSET_LIST,
    });
    expect(choice?.source).toBe(`GET /fotoweb/archives/{id}/ 200 ${ASSET_LIST}`);
  });

  it("falls back to the media type's one schema where the path is not in the reference", () => {
    const choice = schemaFor({
      method: "GET",
      url: "/fotoweb/archives/5000-Photos/7-a.jpg.info",
      status: 200,
      contentType: "application/vnd.fotoware.asset+json",
    });
    expect(choice?.source).toBe("the reference's application/vnd.fotoware.asset+json");
  });

  it("prefers a literal path to a template: /users/count is not /users/{id}", () => {
    const choice = schemaFor({
      method: "GET",
      url: "/fotoweb/api/users/count",
      status: 200,
      contentType: "application/json",
    });
    expect(choice?.source).toMatch(/^GET \/fotoweb\/api\/users\/count 200/);
  });

  it("checks an error against the reference's ErrorMessage when the operation has none", () => {
    const choice = schemaFor({
      method: "GET",
      url: "/fotoweb/nowhere",
      status: 404,
      contentType: "application/json",
    });
    expect(choice?.pointer).toBe("#/components/schemas/ErrorMessage");
  });

  it("has no schema for a plain JSON success the reference does not describe", () => {
    expect(
      schemaFor({
        method: "GET",
        url: "/fotoweb/nowhere",
        status: 200,
        contentType: "application/json",
      }),
    ).toBeUndefined();
  });
});

describe("checking an answer", () => {
  const goodList = {
    data: [{ name: "Photos", href: "/fotoweb/archives/5000-Photos/", permissions: ["View"] }],
    searchURL: "/fotoweb/archives/{?q}",
  };

  it("passes a body inside the schema", () => {
    expect(checkApiAnswer(answer({ body: goodList }))).toMatchObject({ ok: true, problems: [] });
  });

  it("fails a body outside it, through $refs, naming the JSON pointer and the value", () => {
    const verdict = checkApiAnswer(answer({ body: { data: [{ name: 3 }] } }));
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual([
      expect.objectContaining({ pointer: "/data/0/name", keyword: "type" }),
    ]);
    expect(verdict.problems[0]!.message).toMatch(/must be string.*found 3/);
  });

  it("reads OpenAPI's nullable: PagingInfo's next may be null, its first may not", () => {
    const list = (paging: Record<string, unknown>) =>
      answer({
        url: "/fotoweb/archives/5000-Photos/",
        contentType: ASSET_LIST,
        body: { data: [], paging },
      });
    const paging = { first: "/a", last: "/b", prev: null, next: null };
    expect(checkApiAnswer(list(paging)).ok).toBe(true);
    const verdict = checkApiAnswer(list({ ...paging, first: null }));
    expect(verdict.problems.map((p) => p.pointer)).toEqual(["/paging/first"]);
  });

  it("fails an AssetList without its required paging", () => {
    const verdict = checkApiAnswer(
      answer({
        url: "/fotoweb/archives/5000-Photos/",
        contentType: ASSET_LIST,
        body: { data: [] },
      }),
    );
    expect(verdict.problems).toEqual([expect.objectContaining({ keyword: "required" })]);
  });

  it("wants the house's one error body for an error, whatever the reference says", () => {
    const error = (body: unknown) =>
      answer({ url: "/fotoweb/nowhere", status: 404, contentType: "application/json", body });
    expect(checkApiAnswer(error({ status: 404, heading: "Not found", value: "No." })).ok).toBe(
      true,
    );
    const verdict = checkApiAnswer(error({ status: 400, message: "No." }));
    expect(verdict.problems.map((p) => p.pointer).sort()).toEqual([
      "/heading",
      "/status",
      "/value",
    ]);
  });

  it("fails an answer the reference does not describe, unless an exception lists it", () => {
    const undescribed = checkApiAnswer(
      answer({ url: "/fotoweb/nowhere", contentType: "application/json", body: {} }),
    );
    expect(undescribed.problems).toEqual([expect.objectContaining({ keyword: "undescribed" })]);
    const listed = checkApiAnswer(
      answer({ url: "/fotoweb/services/keepalive", contentType: "application/json", body: {} }),
    );
    expect(listed.ok).toBe(true);
    expect(listed.checkedAgainst).toMatch(/^listed: /);
  });

  it("forgives only what an exception names: a null posterAsset, not a numeric one", () => {
    const poster = (posterAsset: unknown) =>
      checkApiAnswer(answer({ body: { data: [{ name: "Photos", posterAsset }] } }));
    expect(poster(null).ok).toBe(true);
    expect(poster(42).ok).toBe(false);
  });
});

describe("reading an answer", () => {
  it("returns a good JSON answer parsed", async () => {
    const response = Response.json(
      { status: 404, heading: "Not found", value: "No." },
      { status: 404 },
    );
    expect(await readApiJson(response, { url: "/fotoweb/nowhere" })).toMatchObject({ status: 404 });
  });

  it("throws a readable ContractError for a bad one", async () => {
    const response = new Response(JSON.stringify({ data: [{ name: 3 }] }), {
      headers: { "content-type": COLLECTION_LIST },
    });
    const read = readApiJson(response, { url: "/fotoweb/archives/" });
    await expect(read).rejects.toBeInstanceOf(ContractError);
    await expect(
      readApiJson(
        new Response(JSON.stringify({ data: [{ name: 3 }] }), {
          headers: { "content-type": COLLECTION_LIST },
        }),
        { url: "/fotoweb/archives/" },
      ),
    ).rejects.toThrow(/at \/data\/0\/name: must be string/);
  });

  it("refuses an answer that is not JSON at all", async () => {
    const page = new Response("<!doctype html>", { headers: { "content-type": "text/html" } });
    await expect(readApiJson(page, { url: "/fotoweb/" })).rejects.toThrow(/expected a JSON answer/);
  });
});

describe("the exceptions list", () => {
  it("gives every entry a reason", () => {
    for (const exception of CONTRACT_EXCEPTIONS)
      expect(exception.reason.length).toBeGreaterThan(40);
  });
});
