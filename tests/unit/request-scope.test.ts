import { describe, expect, test } from "vitest";
import { inRequestScope, perRequest } from "~/utils/request-scope.server";

/*
 * The request scope (decision 019): a GET's loaders share one read of a key; an action's request
 * and code outside any request read afresh every time.
 */

function counter() {
  let calls = 0;
  return {
    read: async () => {
      calls += 1;
      return calls;
    },
    get calls() {
      return calls;
    },
  };
}

describe("perRequest", () => {
  test("in a GET, the first read of a key is shared by every later caller", async () => {
    const source = counter();
    const values = await inRequestScope("GET", () =>
      Promise.all([perRequest("k", source.read), perRequest("k", source.read)]).then(
        async (two) => [...two, await perRequest("k", source.read)],
      ),
    );
    expect(values).toEqual([1, 1, 1]);
    expect(source.calls).toBe(1);
  });

  test("different keys are read separately, and HEAD shares like GET", async () => {
    const source = counter();
    const values = await inRequestScope("HEAD", async () => [
      await perRequest("a", source.read),
      await perRequest("b", source.read),
      await perRequest("a", source.read),
    ]);
    expect(values).toEqual([1, 2, 1]);
  });

  test("each request has its own scope: nothing outlives the request", async () => {
    const source = counter();
    const first = await inRequestScope("GET", () => perRequest("k", source.read));
    const second = await inRequestScope("GET", () => perRequest("k", source.read));
    expect([first, second]).toEqual([1, 2]);
  });

  test.each(["POST", "PUT", "PATCH", "DELETE"])(
    "a %s request shares nothing: its loaders must see what its action changed",
    async (method) => {
      const source = counter();
      const values = await inRequestScope(method, async () => [
        await perRequest("k", source.read),
        await perRequest("k", source.read),
      ]);
      expect(values).toEqual([1, 2]);
    },
  );

  test("outside a request every call reads", async () => {
    const source = counter();
    expect([await perRequest("k", source.read), await perRequest("k", source.read)]).toEqual([
      1, 2,
    ]);
  });

  test("a failed read is not kept: a later caller in the same request tries again", async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new Error("connection reset");
      return "ok";
    };
    const outcome = await inRequestScope("GET", async () => {
      const first = await perRequest("k", flaky).catch((e: Error) => e.message);
      const second = await perRequest("k", flaky);
      return [first, second];
    });
    expect(outcome).toEqual(["connection reset", "ok"]);
  });
});
