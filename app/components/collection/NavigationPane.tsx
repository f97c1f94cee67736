import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/utils/use-hydrated";
import type { NavigationPane } from "~/models/archive/archive-effects";
import type {
  NavigationPaneData,
  PaneSmartFolder,
  PaneTaxonomyItem,
} from "~/models/smart-folder/navigation.server";
import { MAX_SMART_FOLDER_NAME } from "~/models/smart-folder/smart-folder-limits";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/TextField";
import { DisclosureMenu } from "~/components/ui/DisclosureMenu";
import * as css from "~/components/asset/grid.css";
import * as nav from "./navigation.css";
import { useT } from "~/components/locale/locale-context";

const loadModal = () => import("./SmartFolderModal");
const SmartFolderModal = lazy(loadModal);

/*
 * The archive page's navigation pane beyond the folders (NavigationPaneControl, decisions 043
 * and 061): smart folders under their heading, with add, edit, delete and move for holders of
 * EditSmartFolders; a taxonomy filter for each SearchTreeFields field with a taxonomy; the
 * consent status filter when it is on; pin buttons for signed-in people. Every control is a plain
 * form (post/redirect/get), so the pane works the same with JavaScript off.
 */

interface NavReply {
  navForm?: string;
  fieldErrors?: Record<string, string>;
  formError?: string;
  repopulateFields?: Record<string, unknown>;
}

function useBack() {
  const location = useLocation();
  return location.pathname + location.search;
}

export function PinForm({
  kind,
  pinKey,
  name,
  pinned,
  back,
  archive,
}: {
  kind: "folder" | "smartFolder" | "taxonomyItem";
  pinKey: string;
  name: string;
  pinned: boolean;
  back: string;
  /** The archive's href segment, where the form is posted outside the archive page. */
  archive?: string;
}) {
  const t = useT();
  return (
    <Form method="post" className={nav.inline}>
      <input type="hidden" name="intent" value="navigation-pin" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="key" value={pinKey} />
      <input type="hidden" name="back" value={back} />
      {archive ? <input type="hidden" name="archive" value={archive} /> : null}
      <Button
        type="submit"
        variant="secondary"
        className={nav.small}
        aria-label={pinned ? t("grid.pin.unpinName", { name }) : t("grid.pin.pinName", { name })}
        aria-pressed={pinned}
      >
        {pinned ? t("grid.pin.unpin") : t("grid.pin.pin")}
      </Button>
    </Form>
  );
}

function SmartFolderForm({
  intent,
  folder,
  reply,
  back,
}: {
  intent: "smart-folder-create" | "smart-folder-edit";
  folder: PaneSmartFolder | null;
  reply: NavReply | null;
  back: string;
}) {
  const t = useT();
  const values = reply?.repopulateFields ?? {};
  const text = (name: string, fallback: string) =>
    typeof values[name] === "string" ? (values[name] as string) : fallback;
  return (
    <Form method="post" className={nav.editForm}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      {folder ? <input type="hidden" name="id" value={folder.id} /> : null}
      <TextField
        label={t("grid.nav.smartFolder.name")}
        name="name"
        defaultValue={text("name", folder?.name ?? "")}
        maxLength={MAX_SMART_FOLDER_NAME}
        errors={reply?.fieldErrors?.name}
        isRequired
      />
      <TextField
        label={t("grid.nav.smartFolder.expression")}
        name="expression"
        defaultValue={text("expression", folder?.expression ?? "")}
        description={t("grid.nav.smartFolder.expressionHint")}
        errors={reply?.fieldErrors?.expression}
        isRequired
      />
      {reply?.formError ? <p className={nav.formError}>{reply.formError}</p> : null}
      <div>
        <Button type="submit" variant="primary">
          {folder ? t("grid.nav.smartFolder.save") : t("grid.nav.smartFolder.add")}
        </Button>
      </div>
    </Form>
  );
}

/**
 * A smart folder form's place: with JavaScript a react-aria modal dialog (loaded when wanted) (open again with its
 * errors after a refused post, closed after a saved one); without, a disclosure in the pane.
 */
function SmartFolderFormPlace({
  formKey,
  label,
  summaryLabel,
  title,
  children,
}: {
  formKey: string;
  label: string;
  summaryLabel?: string;
  title: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const action = useActionData<NavReply>();
  const refused = action?.navForm === formKey;
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") !== undefined &&
    formKeyOf(navigation.formData) === formKey;
  const [open, setOpen] = useState(false);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (busy) wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      if (!refused) setOpen(false);
    }
  }, [busy, refused]);
  if (!hydrated)
    return (
      <details open={refused || undefined}>
        <summary className={nav.summary} aria-label={summaryLabel}>
          {label}
        </summary>
        {children}
      </details>
    );
  return (
    <>
      <Button
        variant="secondary"
        className={nav.small}
        aria-label={summaryLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPress={() => setOpen(true)}
        onHoverStart={() => void loadModal()}
        onFocus={() => void loadModal()}
      >
        {label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SmartFolderModal title={title} onClose={() => setOpen(false)}>
            {children}
          </SmartFolderModal>
        </Suspense>
      ) : null}
    </>
  );
}

function formKeyOf(data: FormData | undefined) {
  const intent = data?.get("intent");
  return intent === "smart-folder-edit" ? `edit-${String(data?.get("id"))}` : String(intent);
}

function SmartFolderEntry({
  folder,
  index,
  count,
  pane,
  reply,
  back,
}: {
  folder: PaneSmartFolder;
  index: number;
  count: number;
  pane: NavigationPaneData;
  reply: NavReply | null;
  back: string;
}) {
  const t = useT();
  const mine = reply?.navForm === `edit-${folder.id}` ? reply : null;
  const move = (delta: number, label: string, name: string, disabled: boolean) => (
    <Form method="post" className={nav.inline}>
      <input type="hidden" name="intent" value="smart-folder-move" />
      <input type="hidden" name="id" value={folder.id} />
      <input type="hidden" name="relativePosition" value={delta} />
      <input type="hidden" name="back" value={back} />
      <Button
        type="submit"
        variant="quiet"
        className={nav.menuItem}
        aria-label={name}
        isDisabled={disabled}
      >
        {label}
      </Button>
    </Form>
  );
  return (
    <li className={nav.entry} data-current={folder.current || undefined}>
      <a href={folder.gridHref} aria-current={folder.current ? "page" : undefined}>
        {folder.name}
      </a>
      {pane.canPin || pane.canEditSmartFolders ? (
        <DisclosureMenu label={t("grid.nav.smartFolder.actionsFor", { name: folder.name })}>
          {pane.canPin ? (
            <PinForm
              kind="smartFolder"
              pinKey={String(folder.id)}
              name={folder.name}
              pinned={folder.pinned}
              back={back}
            />
          ) : null}
          {pane.canEditSmartFolders ? (
            <>
              <SmartFolderFormPlace
                formKey={`edit-${folder.id}`}
                label={t("grid.nav.smartFolder.edit")}
                summaryLabel={t("grid.nav.smartFolder.editName", { name: folder.name })}
                title={t("grid.nav.smartFolder.editName", { name: folder.name })}
              >
                <SmartFolderForm
                  intent="smart-folder-edit"
                  folder={folder}
                  reply={mine}
                  back={back}
                />
              </SmartFolderFormPlace>
              {move(
                -1,
                t("grid.nav.smartFolder.moveUp"),
                t("grid.nav.smartFolder.moveUpName", { name: folder.name }),
                index === 0,
              )}
              {move(
                1,
                t("grid.nav.smartFolder.moveDown"),
                t("grid.nav.smartFolder.moveDownName", { name: folder.name }),
                index === count - 1,
              )}
              <Form method="post" className={nav.inline}>
                <input type="hidden" name="intent" value="smart-folder-delete" />
                <input type="hidden" name="id" value={folder.id} />
                <input type="hidden" name="back" value={back} />
                <Button
                  type="submit"
                  variant="quiet"
                  className={nav.menuItem}
                  aria-label={t("grid.nav.smartFolder.deleteName", { name: folder.name })}
                >
                  {t("grid.nav.smartFolder.delete")}
                </Button>
              </Form>
            </>
          ) : null}
        </DisclosureMenu>
      ) : null}
    </li>
  );
}

function TaxonomyItems({
  items,
  canPin,
  back,
}: {
  items: PaneTaxonomyItem[];
  canPin: boolean;
  back: string;
}) {
  return (
    <ul className={nav.list}>
      {items.map((item) => (
        <li key={item.id}>
          <span className={nav.entry} data-current={item.current || undefined}>
            {item.gridHref ? (
              <a href={item.gridHref} aria-current={item.current ? "page" : undefined}>
                {item.name}
              </a>
            ) : (
              <span>{item.name}</span>
            )}
            {canPin && item.gridHref ? (
              <PinForm
                kind="taxonomyItem"
                pinKey={String(item.id)}
                name={item.name}
                pinned={item.pinned}
                back={back}
              />
            ) : null}
          </span>
          {item.children && item.children.length > 0 ? (
            <div className={nav.nested}>
              <TaxonomyItems items={item.children} canPin={canPin} back={back} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** What narrows the grid, under the archive's name. */
export function NarrowedBy({
  smartFolder,
  taxonomyItem,
}: {
  smartFolder: { name: string } | null;
  taxonomyItem: { name: string } | null;
}) {
  const t = useT();
  let text: string;
  if (smartFolder && taxonomyItem)
    text = t("grid.nav.showing.both", { smartFolder: smartFolder.name, term: taxonomyItem.name });
  else if (smartFolder) text = t("grid.nav.showing.smartFolder", { smartFolder: smartFolder.name });
  else if (taxonomyItem) text = t("grid.nav.showing.term", { term: taxonomyItem.name });
  else return null;
  return <p data-testid="narrowed-by">{text}</p>;
}

export function NavigationSections({
  navigation,
  pane,
  archiveHref,
}: {
  navigation: NavigationPane;
  pane: NavigationPaneData;
  archiveHref: string;
}) {
  const t = useT();
  const smart = navigation.smartFolders;
  const back = useBack();
  const action = useActionData<NavReply>() ?? null;
  const reply = action && typeof action === "object" && "navForm" in action ? action : null;
  const folders = pane.smartFolders ?? [];
  const narrowed = folders.some((f) => f.current);
  return (
    <div className={nav.pane}>
      {smart ? (
        <nav aria-labelledby="smart-folders-heading" data-testid="smart-folders">
          <h3 id="smart-folders-heading" className={css.navHeading}>
            {smart.heading ?? t("grid.nav.smartFolders")}
          </h3>
          {folders.length === 0 ? (
            <p className={nav.muted}>{t("grid.nav.smartFolder.none")}</p>
          ) : (
            <ol className={nav.list}>
              {folders.map((folder, index) => (
                <SmartFolderEntry
                  key={folder.id}
                  folder={folder}
                  index={index}
                  count={folders.length}
                  pane={pane}
                  reply={reply}
                  back={back}
                />
              ))}
            </ol>
          )}
          {narrowed ? <a href={archiveHref}>{t("grid.nav.wholeArchive")}</a> : null}
          {pane.canEditSmartFolders ? (
            <SmartFolderFormPlace
              formKey="smart-folder-create"
              label={t("grid.nav.smartFolder.new")}
              title={t("grid.nav.smartFolder.new")}
            >
              <SmartFolderForm
                intent="smart-folder-create"
                folder={null}
                reply={reply?.navForm === "smart-folder-create" ? reply : null}
                back={back}
              />
            </SmartFolderFormPlace>
          ) : null}
        </nav>
      ) : null}
      {pane.taxonomies.map((taxonomy) => (
        <nav
          key={taxonomy.field}
          aria-labelledby={`taxonomy-${taxonomy.field}-heading`}
          data-testid="taxonomy-filter"
        >
          <h3 id={`taxonomy-${taxonomy.field}-heading`} className={css.navHeading}>
            {taxonomy.name}
          </h3>
          {taxonomy.items.length === 0 ? (
            <p className={nav.muted}>{t("grid.nav.noTerms")}</p>
          ) : (
            <TaxonomyItems items={taxonomy.items} canPin={pane.canPin} back={back} />
          )}
        </nav>
      ))}
      {navigation.consentStatusFilter ? (
        <nav aria-labelledby="consent-filter-heading" data-testid="consent-status-filter">
          <h3 id="consent-filter-heading" className={css.navHeading}>
            {t("grid.nav.consentStatus")}
          </h3>
        </nav>
      ) : null}
    </div>
  );
}
