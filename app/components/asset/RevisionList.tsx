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
import { copyRevision } from "./copy-revision";
import * as css from "./revisions.css";

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

function when(iso: string) {
  return `${iso.replace("T", " ").slice(0, 16)} UTC`;
}

interface Outcome {
  value?: string;
  number?: number;
  /** Rollback-to's answer: how many later revisions went. */
  deleted?: number;
}

export function RevisionTable({ list, headingId }: { list: List; headingId: string }) {
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
      showToast({ kind: "error", message: data.value ?? "That did not work." });
    } else if (pending.intent === "rollback-to" && typeof data?.deleted === "number") {
      const later =
        data.deleted === 1 ? "1 later revision was" : `${data.deleted} later revisions were`;
      showToast({
        kind: "success",
        message: `Revision ${pending.number} is current again; ${later} deleted.`,
      });
    } else if (pending.intent === "rollback" || pending.intent === "rollback-to") {
      showToast({ kind: "success", message: `Revision ${pending.number} is restored.` });
    } else if (pending.intent === "delete") {
      showToast({ kind: "success", message: `Revision ${pending.number} is deleted.` });
    }
    setPending(null);
  }, [action.state, action.data, pending]);

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
        showToast({ kind: "error", message: "Tick two revisions to compare." });
        return;
      }
      navigate(`${list.compare}?left=${a}&right=${b}`);
      return;
    }
    const entry = list.data.find((r) => r.number === number);
    if (!entry) return;
    if (intent === "copy") {
      setCopying(number);
      void copyRevision(list.assetHref, number).then((outcome) => {
        setCopying(null);
        showToast({ kind: outcome.ok ? "success" : "error", message: outcome.message });
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
          label="Rollback restores"
          name="rollbackType"
          orientation="horizontal"
          value={rollbackType}
          onChange={setRollbackType}
          options={[
            { value: "full", label: "The whole revision" },
            { value: "metadata", label: "Its metadata only" },
            { value: "file", label: "Its file only" },
          ]}
        />
      ) : null}
      <TableScroller label="Revision list">
        <table className={css.table} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col" className={css.cell}>
                Compare
              </th>
              <th scope="col" className={css.cell}>
                Revision
              </th>
              <th scope="col" className={css.cell}>
                Change
              </th>
              <th scope="col" className={css.cell}>
                By
              </th>
              <th scope="col" className={css.cell}>
                When
              </th>
              <th scope="col" className={css.cell}>
                File
              </th>
              <th scope="col" className={css.cell}>
                Actions
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
          Compare the two ticked revisions
        </Button>
        <nav aria-label="Revision pages" className={css.actions}>
          {list.paging.prev ? (
            <Link href={list.paging.prev} className={assetCss.link}>
              Newer revisions
            </Link>
          ) : null}
          {list.paging.next ? (
            <Link href={list.paging.next} className={assetCss.link}>
              Older revisions
            </Link>
          ) : null}
        </nav>
        <span className={muted}>
          {list.total} {list.total === 1 ? "revision" : "revisions"}
        </span>
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
  const label = `revision ${entry.number}`;
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
          aria-label={`Compare ${label}`}
          className={controls.checkbox}
        >
          <span className={controls.checkboxBox} aria-hidden="true" />
        </Checkbox>
      </td>
      <th scope="row" className={css.cell}>
        {entry.number}
        {entry.current ? <span className={css.badge}>Current</span> : null}
      </th>
      <td className={css.cell}>
        {entry.kindLabel}
        {entry.comment ? <div className={muted}>{entry.comment}</div> : null}
      </td>
      <td className={css.cell}>{entry.createdBy || "—"}</td>
      <td className={css.cell}>
        <time dateTime={entry.created}>{when(entry.created)}</time>
      </td>
      <td className={css.cell}>
        {entry.download ? (
          <Link
            href={entry.download}
            className={assetCss.link}
            download
            aria-label={`Download ${label}: ${entry.filename}`}
          >
            {entry.filename}
          </Link>
        ) : (
          entry.filename
        )}
        <div className={muted}>{entry.filesizeText}</div>
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
              aria-label={`Rollback to ${label} as a new revision`}
            >
              Rollback
            </Button>
          ) : null}
          {permissions.rollback && permissions.manage && !entry.current && !hydrated ? (
            <Link
              href={confirmHref}
              className={controls.button.secondary}
              aria-label={`Rollback to ${label} and delete the later ones`}
            >
              Rollback to
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
              aria-label={`Rollback to ${label} and delete the later ones`}
            >
              Rollback to
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
              aria-label={`Copy ${label} into a new asset`}
            >
              Copy revision
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
              aria-label={`Delete ${label}`}
            >
              Delete
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
        Revisions
      </h2>
      {list && list.asset.href === asset.href ? (
        <RevisionTable list={list} headingId="asset-revisions" />
      ) : (
        <p className={muted} aria-busy={state === "loading"}>
          {asset.revisioncount} {asset.revisioncount === 1 ? "revision" : "revisions"}.
        </p>
      )}
      <p>
        <Link href={href} className={assetCss.link}>
          Open the revision history
        </Link>
      </p>
    </section>
  );
}
