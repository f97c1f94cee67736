import { READER_HEADER, READER_PAGE } from "~/utils/reader-header";
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { fileNameProblem, type UploadLimits } from "~/models/upload/upload.schema";
import { message, useArea } from "~/components/locale/locale-context";
import { useFormat } from "~/components/locale/format";
import type { Translate } from "~/models/locale/message-id";
import { fitToLimits } from "./resize-image";

/*
 * The popover's upload queue: each file is its own multipart request to the archive's URL (the
 * API's upload, answered with a background task), so each has its own progress, can be
 * cancelled alone and retried alone. Two files travel at once.
 */

export const PARALLEL_UPLOADS = 2;

export type UploadStatus = "queued" | "uploading" | "done" | "failed" | "cancelled";

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  loaded: number;
  message?: string;
  /** The ingest's background task, once the server took the file. */
  task?: string;
}

export interface UploadState {
  items: UploadItem[];
  /** True from the press on Upload until no file is queued or travelling. */
  running: boolean;
}

export type UploadAction =
  | { type: "add"; files: File[]; keys: string[] }
  | { type: "remove"; key: string }
  | { type: "start" }
  | { type: "sending"; key: string }
  | { type: "progress"; key: string; loaded: number }
  | { type: "done"; key: string; task?: string }
  | { type: "failed"; key: string; message: string }
  | { type: "cancel"; key: string }
  | { type: "retry" }
  | { type: "reset" };

export const initialUploadState: UploadState = { items: [], running: false };

const settled = (s: UploadStatus) => s === "done" || s === "failed" || s === "cancelled";

function update(state: UploadState, key: string, change: Partial<UploadItem>): UploadState {
  const items = state.items.map((i) => (i.key === key ? { ...i, ...change } : i));
  return { items, running: state.running && !items.every((i) => settled(i.status)) };
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case "add": {
      // A new choice after a finished batch starts a new list.
      const kept = state.running ? state.items : state.items.filter((i) => i.status === "queued");
      const added = action.files.map((file, n) => ({
        key: action.keys[n]!,
        file,
        status: "queued" as const,
        loaded: 0,
      }));
      return { ...state, items: [...kept, ...added] };
    }
    case "remove":
      return state.running
        ? state
        : { ...state, items: state.items.filter((i) => i.key !== action.key) };
    case "start":
      return state.items.some((i) => i.status === "queued") ? { ...state, running: true } : state;
    case "sending":
      return update(state, action.key, { status: "uploading", loaded: 0, message: undefined });
    case "progress":
      return update(state, action.key, { loaded: action.loaded });
    case "done": {
      const size = state.items.find((i) => i.key === action.key)?.file.size ?? 0;
      return update(state, action.key, { status: "done", loaded: size, task: action.task });
    }
    case "failed":
      return update(state, action.key, { status: "failed", message: action.message });
    case "cancel": {
      const item = state.items.find((i) => i.key === action.key);
      if (!item || settled(item.status)) return state;
      return update(state, action.key, { status: "cancelled" });
    }
    case "retry": {
      if (state.running || !state.items.some((i) => i.status === "failed")) return state;
      const items = state.items.map((i) =>
        i.status === "failed"
          ? { ...i, status: "queued" as const, loaded: 0, message: undefined }
          : i,
      );
      return { items, running: true };
    }
    case "reset":
      return state.running ? state : initialUploadState;
  }
}

export interface UploadOutcome {
  succeeded: number;
  failed: number;
  cancelled: number;
}

/** The last batch's outcome, once nothing is queued or travelling; null before that. */
export function outcomeOf(state: UploadState): UploadOutcome | null {
  if (state.running || state.items.length === 0) return null;
  if (state.items.some((i) => !settled(i.status))) return null;
  const count = (s: UploadStatus) => state.items.filter((i) => i.status === s).length;
  return { succeeded: count("done"), failed: count("failed"), cancelled: count("cancelled") };
}

/** The words the queue needs, in the page's language. */
export interface QueueWords {
  t: Translate;
  bytes: (bytes: number) => string;
}

/** What the browser can tell before sending: the server decides the rest (type, pixels). */
export function refuseBeforeSending(
  file: File,
  maxBytes: number,
  { t, bytes }: QueueWords,
): string | null {
  const name = file.name;
  // The name's own problem is the shared vocabulary's (English until it is keyed).
  const problem = fileNameProblem(name);
  if (problem) return t("work.upload.refused.name", { name, problem });
  if (file.size === 0) return t("work.upload.refused.empty", { name });
  if (file.size > maxBytes)
    return t("work.upload.refused.tooLarge", { name, size: bytes(maxBytes) });
  return null;
}

type Sent = { ok: true; task?: string } | { ok: false; message: string } | { ok: "aborted" };

/** One file as a multipart post; XMLHttpRequest because fetch reports no upload progress. */
function send(
  href: string,
  file: File,
  onProgress: (loaded: number) => void,
  xhrs: Map<string, XMLHttpRequest>,
  key: string,
  t: Translate,
): Promise<Sent> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhrs.set(key, xhr);
    xhr.open("POST", href);
    xhr.setRequestHeader("Accept", "application/vnd.fotoware.upload-response+json");
    // The refusal's words are shown to the person: asked for in their language (decision 107).
    xhr.setRequestHeader(READER_HEADER, READER_PAGE);
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      let body: { href?: string; value?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's HTML error page: the status decides.
      }
      if (xhr.status === 202) resolve({ ok: true, task: body.href });
      // The server's reason, in the person's language; the browser's own words are the page's.
      else
        resolve({
          ok: false,
          message: body.value ?? t("work.upload.failedStatus", { status: xhr.status }),
        });
    };
    xhr.onerror = () => resolve({ ok: false, message: t("work.upload.failed") });
    xhr.onabort = () => resolve({ ok: "aborted" });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** The queue as a hook: the state, and the commands the popover's controls call. */
export function useUploadQueue(
  href: string | undefined,
  maxBytes: number,
  /** The target archive's client-side resize (decision 043); null: files travel as chosen. */
  limits: UploadLimits | null = null,
) {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  // The area is at hand before any callback needs its words (a callback may not suspend).
  const locale = useArea("work");
  const format = useFormat();
  const xhrs = useRef(new Map<string, XMLHttpRequest>());
  // Cancelled while being resized, before any request exists to abort.
  const cancelled = useRef(new Set<string>());
  const counter = useRef(0);

  useEffect(() => {
    if (!state.running || !href) return;
    const travelling = state.items.filter((i) => i.status === "uploading").length;
    const next = state.items
      .filter((i) => i.status === "queued")
      .slice(0, Math.max(0, PARALLEL_UPLOADS - travelling));
    for (const item of next) {
      const t: Translate = (id, values) => message(locale, id, values);
      const refused = refuseBeforeSending(item.file, maxBytes, { t, bytes: format.bytes });
      if (refused) {
        dispatch({ type: "failed", key: item.key, message: refused });
        continue;
      }
      dispatch({ type: "sending", key: item.key });
      void fitToLimits(item.file, limits)
        .then((file): Promise<Sent> | Sent =>
          cancelled.current.has(item.key)
            ? { ok: "aborted" }
            : send(
                href,
                file,
                (loaded) => dispatch({ type: "progress", key: item.key, loaded }),
                xhrs.current,
                item.key,
                t,
              ),
        )
        .then((sent) => {
          xhrs.current.delete(item.key);
          if (sent.ok === "aborted") return;
          dispatch(
            sent.ok
              ? { type: "done", key: item.key, task: sent.task }
              : { type: "failed", key: item.key, message: sent.message },
          );
        });
    }
  }, [state, href, maxBytes, limits, locale, format]);

  // Leaving the page mid-upload stops what is still travelling.
  useEffect(() => {
    const open = xhrs.current;
    return () => open.forEach((xhr) => xhr.abort());
  }, []);

  const add = useCallback((files: File[]) => {
    const keys = files.map(() => `u${++counter.current}`);
    dispatch({ type: "add", files, keys });
  }, []);
  const cancel = useCallback((key: string) => {
    cancelled.current.add(key);
    xhrs.current.get(key)?.abort();
    dispatch({ type: "cancel", key });
  }, []);

  // Stable commands and outcome, so effects that depend on them run once per change.
  const outcome = useMemo(() => outcomeOf(state), [state]);
  const commands = useMemo(
    () => ({
      remove: (key: string) => dispatch({ type: "remove", key }),
      start: () => dispatch({ type: "start" }),
      retry: () => dispatch({ type: "retry" }),
      reset: () => dispatch({ type: "reset" }),
    }),
    [],
  );
  return { state, outcome, add, cancel, ...commands };
}
