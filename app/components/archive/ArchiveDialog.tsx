import { getFormProps, useForm, type DefaultValue } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useT } from "~/components/locale/locale-context";
import { useHydrated } from "~/utils/use-hydrated";
import { Button } from "~/components/ui/Button";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FormTabs, type FormSection } from "~/components/ui/FormTabs";
import { button } from "~/components/ui/controls.css";
import * as people from "~/components/user/users.css";
import { LINKS } from "~/utils/links";
import {
  reader,
  recordToFormValues,
  fieldLabels,
  memberFieldLabel,
  tabOf,
  TABS,
  type DialogLists,
  type DialogOptions,
  type DialogRecord,
  type DialogReply,
  type FormShape,
  type TabId,
} from "./archive-dialog-form";
import { ArchiveAccessTab } from "./ArchiveAccessTab";
import { ArchiveExportTab } from "./ArchiveExportTab";
import { ArchiveGeneralTab } from "./ArchiveGeneralTab";
import { ArchivePropertiesTab } from "./ArchivePropertiesTab";
import * as css from "./archive-dialog.css";

export {
  recordToFormValues,
  type DialogLists,
  type DialogOptions,
  type DialogRecord,
  type DialogReply,
} from "./archive-dialog-form";

/*
 * The archive dialog (spec 001 sections 2-5; decision 038): one form, four tabs, each in a file of its own beside this one. With JavaScript
 * the tabs are react-aria Tabs whose panels all stay mounted (hidden when inactive) so the whole
 * form posts; without it they are sections of the same form, all shown. Rows (members, macros,
 * custom properties) are Conform lists whose add and remove buttons post an intent the server
 * answers with the form again when JavaScript is off.
 */

export function ArchiveDialog({
  record,
  options,
  lists,
  reply,
}: {
  record: DialogRecord;
  options: DialogOptions;
  lists: DialogLists;
  reply: DialogReply | undefined;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const labels = useMemo(() => fieldLabels(t), [t]);
  const initial = reply?.payload ?? recordToFormValues(record);
  const errors = reply?.fieldErrors ?? {};
  const [form, fields] = useForm<FormShape>({
    id: "archive-dialog",
    defaultValue: initial as DefaultValue<FormShape>,
    shouldValidate: "onSubmit",
  });
  const { v } = reader(initial);
  // After a round trip the dialog opens where the person was: the people found, or the first
  // tab with an error.
  const errorNames = Object.keys(errors);
  const tabHasErrors = (id: TabId) => errorNames.some((name) => tabOf(name) === id);
  const [tab, setTab] = useState<TabId>(
    reply?.memberQuery !== undefined
      ? "access"
      : (TABS.find((tab) => tabHasErrors(tab.id))?.id ?? "general"),
  );
  const tabProps = { initial, errors, hydrated, options, lists };

  const sections: FormSection<TabId>[] = [
    ["general", t("settings.dialog.tab.general"), <ArchiveGeneralTab {...tabProps} />],
    [
      "export",
      t("settings.dialog.tab.export"),
      <ArchiveExportTab {...tabProps} form={form} fields={fields} />,
    ],
    [
      "access",
      t("settings.dialog.tab.access"),
      <ArchiveAccessTab {...tabProps} form={form} fields={fields} reply={reply} />,
    ],
    [
      "properties",
      t("settings.dialog.tab.properties"),
      <ArchivePropertiesTab errors={errors} form={form} fields={fields} />,
    ],
  ];

  return (
    <Form method="post" {...getFormProps(form)} noValidate className={css.form}>
      <input type="hidden" name="Revision" value={v("Revision")} />
      <input type="hidden" name="Base" value={JSON.stringify(record)} />
      <ErrorSummary
        errors={errors}
        formError={
          reply?.formError ??
          (errorNames.length > 0 ? t("settings.dialog.needAttention") : undefined)
        }
        labels={labels}
        labelOf={(name) => memberFieldLabel(t, name, initial)}
        anchorOf={(name) => `archive-${tabOf(name)}`}
        onReveal={(name) => setTab(tabOf(name))}
        focusKey={reply?.serial}
      />
      <FormTabs
        sections={sections}
        selected={tab}
        onSelect={setTab}
        label={t("settings.dialog.tabsLabel")}
        idPrefix="archive"
        panelClassName={css.panel}
        marked={tabHasErrors}
      />
      <div className={people.actions}>
        <Button type="submit">{t("settings.save")}</Button>
        <Link to={LINKS.adminArchives} className={button.secondary}>
          {t("settings.cancel")}
        </Link>
      </div>
    </Form>
  );
}
