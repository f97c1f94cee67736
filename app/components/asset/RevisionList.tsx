import { useFetcher, useNavigate } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { Checkbox } from "react-aria-components/Checkbox";
import { Link } from "react-aria-components/Link";
import { useHydrated } from "~/utils/use-hydrated";
import { showToast } from "~/components/ui/Toasts";
import { Button } from "~/components/ui/Button";
import { TableScroller } from "~/components/ui/TableScroller";
import { RadioGroupField } from "~/components/ui/RadioGroupField";
import * as controls from "~/components/ui/controls.css";
import type { RevisionEntry, RevisionList as List } from "~/models/asset/revision-history.server";
import { muted } from "~/styles/global.css";
import * as assetCss from "./asset-details.css";
import type { CopyOutcome } from "./copy-revision";
import * as css from "./revisions.css";
import { useFormat } from "~/components/locale/format";
import { useT, type Translate } from "~/components/locale/locale-context";
import type { MessageId } from "~/models/locale/message-id";

const RollbackToDialog = lazy(() => import("./RollbackToDialog"));

/*
 * An asset's revisions (spec 000 §4 "Revision list", decision 049). One form holds the table:
 * each button posts to its own URL (formAction), so rollback, rollback-to, delete and compare
 * all work with JavaScript off and come back with a toast. With JavaScript the same buttons go
 * through fetchers: rollbacks refetch the list (the action revalidates every loader, the list's
 * fetcher included), a delete hides its row at once and then asks the server, and compare opens
 * the compare page.
 */

type Intent = "rollback" | "rollback-to" | "delete" | "compare" | "copy";

/** What made each revision, by kind (decision 101: whole ids). */
const KIND_LABELS = {
  upload: "asset.revisions.kind.upload",
  edit: "asset.revisions.kind.edit",
  rename: "asset.revisions.kind.rename",
  rotate: "asset.revisions.kind.rotate",
  rollback: "asset.revisions.kind.rollback",
  duplicate: "asset.revisions.kind.duplicate",
  copy: "asset.revisions.kind.copy",
  move: "asset.revisions.kind.move",
} as const satisfies Record<RevisionEntry["kind"], MessageId>;

/** Copy revision's outcome as a toast: the server's reason, where it gave one, named. */
function copyMessage(t: Translate, outcome: CopyOutcome, number: number): string {
  const detail = outcome.detail ?? "";
  switch (outcome.code) {
    case "copied":
      return t("asset.revisions.copy.copied", { number });
    case "notStarted":
      return detail
        ? t("asset.revisions.copy.notStartedBecause", { detail })
        : t("asset.revisions.copy.notStarted");
    case "statusUnknown":
      return detail
        ? t("asset.revisions.copy.statusUnknownBecause", { detail })
        : t("asset.revisions.copy.statusUnknown");
    case "notCopied":
      return detail
        ? t("asset.revisions.copy.notCopiedBecause", { detail })
        : t("asset.revisions.copy.notCopied");
    case "failed":
      return t("asset.revisions.copy.failed");
    case "maxRetries":
      return t("asset.revisions.copy.maxRetries");
  }
}

interface Outcome {
  value?: string;
  number?: number;
  /** Rollback-to's answer: how many later revisions went. */
  deleted?: number;
}

export function RevisionTable({ list, headingId }: { list: List; headingId: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const action = useFetcher<Outcome>();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [picked, setPicked] = useState<number[]>([]);
  const [pending, setPending] = useState<{ intent: Intent; number: number } | null>(null);
  const [copying, setCopying] = useState<number | null>(null);
  const [rollbackType, setRollbackType] = useState("full");
  const [confirming, setConfirming] = useState<RevisionEntry | null>(null);
  const { allowed: permissions } = list;

  // The answer to the last fetcher call: a refused delete puts its row back.
  useEffect(() => {
    if (action.state !== "idle" || !pending) return;
    const data = action.data;
    const failed = data && typeof data.value === "string";
    if (failed) {
      if (pending.intent === "delete")
        setRemoved((set) => new Set([...set].filter((n) => n !== pending.number)));
      showToast({ kind: "error", message: data.value ?? t("asset.revisions.toast.failed") });
    } else if (pending.intent === "rollback-to" && typeof data?.deleted === "number") {
      showToast({
        kind: "success",
        message: t("asset.revisions.toast.currentAgain", {
          number: pending.number,
          deleted: data.deleted,
        }),
      });
    } else if (pending.intent === "rollback" || pending.intent === "rollback-to") {
      showToast({
        kind: "success",
        message: t("asset.revisions.toast.restored", { number: pending.number }),
      });
    } else if (pending.intent === "delete") {
      showToast({
        kind: "success",
        message: t("asset.revisions.toast.deleted", { number: pending.number }),
      });
    }
    setPending(null);
  }, [action.state, action.data, pending, t]);

  const rows = list.data.filter((r) => !removed.has(r.number));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter) return;
    const intent = submitter.value as Intent;
    const number = Number(submitter.dataset.number);
    event.preventDefault();
    if (intent === "compare") {
      const [a, b] = [...picked].sort((x, y) => x - y);
      if (a === undefined || b === undefined) {
        showToast({ kind: "error", message: t("asset.revisions.tickTwo") });
        return;
      }
      navigate(`${list.compare}?left=${a}&right=${b}`);
      return;
    }
    const entry = list.data.find((r) => r.number === number);
    if (!entry) return;
    if (intent === "copy") {
      setCopying(number);
      // Loaded when a copy is asked for: the page's first load stays within its budget.
      void import("./copy-revision")
        .then(({ copyRevision }) => copyRevision(list.assetHref, number))
        .then((outcome) => {
          setCopying(null);
          showToast({
            kind: outcome.ok ? "success" : "error",
            message: copyMessage(t, outcome, number),
          });
        });
      return;
    }
    // Rollback-to deletes the later revisions: it asks first.
    if (intent === "rollback-to") setConfirming(entry);
    else run(intent, entry);
  }

  function run(intent: Intent, entry: RevisionEntry) {
    setPending({ intent, number: entry.number });
    if (intent === "delete") {
      setRemoved((set) => new Set([...set, entry.number]));
      action.submit(null, { method: "DELETE", action: entry.href });
    } else {
      action.submit(
        // Rollback-to always returns to the whole revision; the choice is rollback's.
        { rollbackType: intent === "rollback" ? rollbackType : "full" },
        {
          method: "POST",
          action: intent === "rollback" ? entry.rollback : entry.rollbackTo,
          encType: "application/json",
        },
      );
    }
  }

  const togglePick = (number: number, on: boolean) =>
    setPicked((list) =>
      on
        ? [...list.filter((n) => n !== number), number].slice(-2)
        : list.filter((n) => n !== number),
    );

  return (
    <form method="post" action={list.compare} onSubmit={hydrated ? onSubmit : undefined}>
      {permissions.rollback ? (
        <RadioGroupField
          label={t("asset.revisions.rollbackRestores")}
          name="rollbackType"
          orientation="horizontal"
          value={rollbackType}
          onChange={setRollbackType}
          options={[
            { value: "full", label: t("asset.revisions.rollbackType.full") },
            { value: "metadata", label: t("asset.revisions.rollbackType.metadata") },
            { value: "file", label: t("asset.revisions.rollbackType.file") },
          ]}
        />
      ) : null}
      <TableScroller label={t("asset.revisions.tableLabel")}>
        <table className={css.table} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col" className={css.cell}>
                {t("asset.revisions.column.compare")}
              </th>
              <th scope="col" className={css.cell}>
                {t("asset.revisions.column.revision")}
              </th>
              <th scope="col" className={css.cell}>
                {t("asset.revisions.column.change")}
              </th>
              <th scope="col" className={css.cell}>
                {t("asset.revisions.column.by")}
              </th>
              <th scope="col" className={css.cell}>
                {t("asset.revisions.column.when")}
              </th>
              <th scope="col" className={css.cell}>
                {t("asset.revisions.column.file")}
              </th>
              <th scope="col" className={css.cell}>
                {t("asset.revisions.column.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <RevisionRow
                key={r.number}
                entry={r}
                permissions={permissions}
                picked={picked.includes(r.number)}
                onPick={(on) => togglePick(r.number, on)}
                busy={pending?.number === r.number || copying === r.number}
                hydrated={hydrated}
                confirmHref={`${list.href}${list.href.includes("?") ? "&" : "?"}rollbackTo=${r.number}`}
              />
            ))}
          </tbody>
        </table>
      </TableScroller>
      <div className={css.toolbar}>
        <Button type="submit" name="intent" value="compare" variant="secondary">
          {t("asset.revisions.compareTicked")}
        </Button>
        <nav aria-label={t("asset.revisions.pages")} className={css.actions}>
          {list.paging.prev ? (
            <Link href={list.paging.prev} className={assetCss.link}>
              {t("asset.revisions.newer")}
            </Link>
          ) : null}
          {list.paging.next ? (
            <Link href={list.paging.next} className={assetCss.link}>
              {t("asset.revisions.older")}
            </Link>
          ) : null}
        </nav>
        <span className={muted}>{t("asset.revisions.count", { count: list.total })}</span>
      </div>
      {confirming ? (
        <Suspense fallback={null}>
          <RollbackToDialog
            entry={confirming}
            onConfirm={() => run("rollback-to", confirming)}
            onClose={() => setConfirming(null)}
          />
        </Suspense>
      ) : null}
    </form>
  );
}

function RevisionRow({
  entry,
  permissions,
  picked,
  onPick,
  busy,
  hydrated,
  confirmHref,
}: {
  entry: RevisionEntry;
  permissions: List["allowed"];
  picked: boolean;
  onPick: (on: boolean) => void;
  busy: boolean;
  hydrated: boolean;
  /** The list asking to confirm rollback-to, for a browser without JavaScript. */
  confirmHref: string;
}) {
  const t = useT();
  const f = useFormat();
  const number = entry.number;
  return (
    <tr
      className={entry.current ? css.current : undefined}
      data-testid="revision-row"
      data-number={entry.number}
    >
      <td className={css.cell}>
        <Checkbox
          name="revision"
          value={String(entry.number)}
          isSelected={picked}
          onChange={onPick}
          aria-label={t("asset.revisions.compareLabel", { number })}
          className={controls.checkbox}
        >
          <span className={controls.checkboxBox} aria-hidden="true" />
        </Checkbox>
      </td>
      <th scope="row" className={css.cell}>
        {entry.number}
        {entry.current ? <span className={css.badge}>{t("asset.revisions.current")}</span> : null}
      </th>
      <td className={css.cell}>
        {t(KIND_LABELS[entry.kind])}
        {entry.comment ? <div className={muted}>{entry.comment}</div> : null}
      </td>
      <td className={css.cell}>{entry.createdBy || "—"}</td>
      <td className={css.cell}>
        <time dateTime={entry.created}>{f.dateTime(entry.created)}</time>
      </td>
      <td className={css.cell}>
        {entry.download ? (
          <Link
            href={entry.download}
            className={assetCss.link}
            download
            aria-label={t("asset.revisions.downloadLabel", { number, filename: entry.filename })}
          >
            {entry.filename}
          </Link>
        ) : (
          entry.filename
        )}
        <div className={muted}>{f.bytes(entry.filesize)}</div>
      </td>
      <td className={css.cell}>
        <div className={css.actions}>
          {permissions.rollback && !entry.current ? (
            <Button
              type="submit"
              name="intent"
              value="rollback"
              formAction={entry.rollback}
              data-number={entry.number}
              variant="secondary"
              isDisabled={busy}
              aria-label={t("asset.revisions.rollbackLabel", { number })}
            >
              {t("asset.revisions.rollback")}
            </Button>
          ) : null}
          {permissions.rollback && permissions.manage && !entry.current && !hydrated ? (
            <Link
              href={confirmHref}
              className={controls.button.secondary}
              aria-label={t("asset.revisions.rollbackToLabel", { number })}
            >
              {t("asset.revisions.rollbackTo")}
            </Link>
          ) : null}
          {permissions.rollback && permissions.manage && !entry.current && hydrated ? (
            <Button
              type="submit"
              name="intent"
              value="rollback-to"
              formAction={entry.rollbackTo}
              data-number={entry.number}
              variant="secondary"
              isDisabled={busy}
              aria-label={t("asset.revisions.rollbackToLabel", { number })}
            >
              {t("asset.revisions.rollbackTo")}
            </Button>
          ) : null}
          {permissions.duplicate ? (
            <Button
              type="submit"
              name="intent"
              value="copy"
              formAction={entry.copy}
              data-number={entry.number}
              variant="secondary"
              isDisabled={busy}
              aria-label={t("asset.revisions.copyLabel", { number })}
            >
              {t("asset.revisions.copy")}
            </Button>
          ) : null}
          {permissions.manage && !entry.current ? (
            <Button
              type="submit"
              name="intent"
              value="delete"
              formAction={entry.href}
              data-number={entry.number}
              variant="quiet"
              isDisabled={busy}
              aria-label={t("asset.revisions.deleteLabel", { number })}
            >
              {t("asset.revisions.delete")}
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * The asset page's section, for those who may see the history. The list is loaded by a fetcher
 * once the page runs; without JavaScript the section links to the revisions page, where the
 * same table works as plain forms.
 */
export function RevisionList({
  asset,
}: {
  asset: { href: string; permissions: readonly string[]; revisioncount: number };
}) {
  const t = useT();
  const fetcher = useFetcher<List>();
  const href = `${asset.href}/__revisions/`;
  const may = asset.permissions.includes("HistoryView");
  const { load, state } = fetcher;
  // A different asset clears the list and fetches its own (spec 000 §4).
  useEffect(() => {
    if (may) load(href);
  }, [may, href, load]);
  if (!may) return null;
  const list = fetcher.data && "data" in fetcher.data ? fetcher.data : null;
  return (
    <section className={assetCss.panel} aria-labelledby="asset-revisions">
      <h2 id="asset-revisions" className={assetCss.panelHeading}>
        {t("asset.revisions.heading")}
      </h2>
      {list && list.asset.href === asset.href ? (
        <RevisionTable list={list} headingId="asset-revisions" />
      ) : (
        <p className={muted} aria-busy={state === "loading"}>
          {t("asset.revisions.countSentence", { count: asset.revisioncount })}
        </p>
      )}
      <p>
        <Link href={href} className={assetCss.link}>
          {t("asset.revisions.open")}
        </Link>
      </p>
    </section>
  );
}
