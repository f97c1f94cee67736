import { describe, expect, test } from "vitest";
import {
  initialUploadState,
  outcomeOf,
  refuseBeforeSending,
  uploadReducer,
  type UploadAction,
  type UploadState,
} from "~/components/upload/upload-queue";
import { translate } from "~/models/locale/catalog.server";
import { formatSize } from "~/models/locale/format";
import type { Language } from "~/models/locale/language";

/** The queue's words in a language, as the page gives them. */
const wordsIn = (language: Language) => ({
  t: (id: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
    translate(language, id, values),
  bytes: (bytes: number) => formatSize(language, bytes),
});
const en = wordsIn("en");

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

function run(...actions: UploadAction[]): UploadState {
  return actions.reduce(uploadReducer, initialUploadState);
}

const add = (...names: string[]): UploadAction => ({
  type: "add",
  files: names.map((n) => file(n)),
  keys: names,
});

describe("the upload queue", () => {
  test("files wait until Upload is pressed, and the batch runs until every file settles", () => {
    let state = run(add("a.jpg", "b.jpg"));
    expect(state.running).toBe(false);
    expect(outcomeOf(state)).toBeNull();
    state = run(add("a.jpg", "b.jpg"), { type: "start" });
    expect(state.running).toBe(true);
    const steps: UploadAction[] = [
      { type: "sending", key: "a.jpg" },
      { type: "progress", key: "a.jpg", loaded: 5 },
    ];
    state = steps.reduce(uploadReducer, state);
    expect(state.items[0]).toMatchObject({ status: "uploading", loaded: 5 });
    state = uploadReducer(state, { type: "done", key: "a.jpg", task: "/t/1" });
    expect(state.running).toBe(true);
    expect(outcomeOf(state)).toBeNull();
    state = uploadReducer(state, { type: "failed", key: "b.jpg", message: "no" });
    expect(state.running).toBe(false);
    expect(outcomeOf(state)).toEqual({ succeeded: 1, failed: 1, cancelled: 0 });
    expect(state.items[0]).toMatchObject({ loaded: 10, task: "/t/1" });
  });

  test("pressing Upload with nothing queued starts nothing", () => {
    expect(run({ type: "start" }).running).toBe(false);
  });

  test("files cannot be removed while the batch runs, only cancelled", () => {
    const state = run(add("a.jpg"), { type: "start" }, { type: "remove", key: "a.jpg" });
    expect(state.items).toHaveLength(1);
    const before = run(add("a.jpg"), { type: "remove", key: "a.jpg" });
    expect(before.items).toHaveLength(0);
  });

  test("cancelling every file ends the batch with nothing uploaded", () => {
    const state = run(
      add("a.jpg"),
      { type: "start" },
      { type: "sending", key: "a.jpg" },
      { type: "cancel", key: "a.jpg" },
    );
    expect(state.running).toBe(false);
    expect(outcomeOf(state)).toEqual({ succeeded: 0, failed: 0, cancelled: 1 });
  });

  test("a settled file cannot be cancelled into another state", () => {
    const state = run(
      add("a.jpg"),
      { type: "start" },
      { type: "done", key: "a.jpg" },
      { type: "cancel", key: "a.jpg" },
    );
    expect(state.items[0]!.status).toBe("done");
  });

  test("Retry queues the failed files only and runs again", () => {
    const failed = run(
      add("a.jpg", "b.jpg"),
      { type: "start" },
      { type: "done", key: "a.jpg" },
      { type: "failed", key: "b.jpg", message: "broken" },
    );
    const again = uploadReducer(failed, { type: "retry" });
    expect(again.running).toBe(true);
    expect(again.items.map((i) => i.status)).toEqual(["done", "queued"]);
    expect(again.items[1]!.message).toBeUndefined();
    // Retry while running, or with nothing failed, changes nothing.
    expect(uploadReducer(again, { type: "retry" })).toBe(again);
    const clean = run(add("a.jpg"), { type: "start" }, { type: "done", key: "a.jpg" });
    expect(uploadReducer(clean, { type: "retry" })).toBe(clean);
  });

  test("choosing files after a finished batch starts a new list; during one it adds to it", () => {
    const finished = run(add("a.jpg"), { type: "start" }, { type: "done", key: "a.jpg" });
    expect(uploadReducer(finished, add("c.jpg")).items.map((i) => i.key)).toEqual(["c.jpg"]);
    const running = run(add("a.jpg"), { type: "start" }, add("c.jpg"));
    expect(running.items.map((i) => i.key)).toEqual(["a.jpg", "c.jpg"]);
  });

  test("reset is refused while files travel", () => {
    const running = run(add("a.jpg"), { type: "start" });
    expect(uploadReducer(running, { type: "reset" })).toBe(running);
    expect(uploadReducer(run(add("a.jpg")), { type: "reset" })).toEqual(initialUploadState);
  });
});

describe("what the browser refuses before sending", () => {
  test("empty files, files over the limit and hostile names", () => {
    expect(refuseBeforeSending(file("a.jpg", 0), 100, en)).toBe("“a.jpg” is empty (0 bytes).");
    expect(refuseBeforeSending(file("a.jpg", 2048), 1024, en)).toBe(
      `“a.jpg” is larger than the upload limit of ${formatSize("en", 1024)}.`,
    );
    expect(refuseBeforeSending(file("a\u202egpj.exe", 10), 100, en)).toMatch(/control characters/);
    expect(refuseBeforeSending(file("a.jpg", 10), 100, en)).toBeNull();
  });

  test("in the page's language", () => {
    expect(refuseBeforeSending(file("a.jpg", 0), 100, wordsIn("nb"))).toBe(
      "«a.jpg» er tom (0 byte).",
    );
    expect(refuseBeforeSending(file("a.jpg", 2_000_000), 1_500_000, wordsIn("nb"))).toBe(
      `«a.jpg» er større enn grensen for opplasting på ${formatSize("nb", 1_500_000)}.`,
    );
  });
});

describe("the result line", () => {
  test("counts files in words, singular and plural, in each language", () => {
    const summary = (language: Language, succeeded: number, total: number) =>
      translate(language, "work.upload.summary", { succeeded, total, archive: "Harbour" });
    expect(summary("en", 1, 1)).toBe("1 of 1 file was uploaded successfully to Harbour.");
    expect(summary("en", 2, 3)).toBe("2 of 3 files were uploaded successfully to Harbour.");
    expect(summary("nb", 2, 3)).toBe("2 av 3 filer ble lastet opp til Harbour.");
    expect(summary("de", 1, 1)).toBe("1 von 1 Datei wurde erfolgreich in Harbour hochgeladen.");
  });
});
