import { Link } from "@remix-run/react";
import { useState } from "react";
import { TileIconGlyph } from "~/components/collection/CollectionTile";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { MultiSelectField, SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import { fieldError } from "~/components/ui/controls.css";
import { useT } from "~/components/locale/locale-context";
import * as people from "~/components/user/users.css";
import { fieldOptionsOf, get, option, reader, strs, type TabProps } from "./archive-dialog-form";
import { IndexBrowser } from "./IndexBrowser";
import { indexBrowserHref } from "./IndexFolderList";
import * as css from "./archive-dialog.css";

/** The General tab: name, colour and icon, index or pool, filters, comments, navigation pane. */
export function ArchiveGeneralTab({ initial, errors, hydrated, options, lists }: TabProps) {
  const t = useT();
  const { v, isOn } = reader(initial);
  const [smartFolders, setSmartFolders] = useState(isOn("NavigationPaneControl.ShowSmartFolders"));
  const [folder, setFolder] = useState(v("Path"));
  const [iconQuery, setIconQuery] = useState("");
  const fieldOptions = fieldOptionsOf(lists);
  return (
    <>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.dialog.identification")}</legend>
        <TextField
          label={t("settings.dialog.field.name")}
          name="Name"
          isRequired
          maxLength={100}
          defaultValue={v("Name")}
          errors={errors.Name}
        />
        <TextField
          label={t("settings.dialog.field.description")}
          name="Description"
          multiline
          maxLength={2000}
          defaultValue={v("Description")}
          errors={errors.Description}
        />
        <fieldset className={css.swatches} aria-label={t("settings.dialog.field.colour")}>
          <legend className={css.label}>{t("settings.dialog.field.colour")}</legend>
          {options.palette.map((colour) => (
            <label key={colour} className={css.swatch} style={{ background: colour }}>
              <input
                type="radio"
                name="Color"
                value={colour}
                defaultChecked={v("Color").toUpperCase() === colour}
                aria-label={t("settings.dialog.colourNamed", { colour })}
              />
            </label>
          ))}
        </fieldset>
        {errors.Color ? <span className={fieldError}>{errors.Color}</span> : null}
        <fieldset className={css.icons}>
          <legend className={css.label}>{t("settings.dialog.field.icon")}</legend>
          {hydrated ? (
            <TextField
              label={t("settings.dialog.findIcon")}
              name="iconQuery"
              value={iconQuery}
              onChange={setIconQuery}
            />
          ) : null}
          {options.icons
            .filter(
              (name) =>
                name.toLowerCase().includes(iconQuery.trim().toLowerCase()) ||
                name === v("IconCharacter"),
            )
            .map((name) => (
              <label key={name} className={css.icon}>
                <input
                  type="radio"
                  name="IconCharacter"
                  value={name}
                  defaultChecked={v("IconCharacter") === name}
                />
                <TileIconGlyph name={name} />
                {name}
              </label>
            ))}
        </fieldset>
        <CheckboxField name="Enabled" defaultSelected={isOn("Enabled")}>
          {t("settings.archives.enabled")}
        </CheckboxField>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.dialog.indexOrPool")}</legend>
        {options.allowFileSystemDestinations ? (
          <div className={css.indexField}>
            <TextField
              label={t("settings.dialog.field.path")}
              name="Path"
              maxLength={1000}
              value={folder}
              onChange={setFolder}
              errors={errors.Path}
              description={t("settings.dialog.pathHint")}
            />
            {hydrated ? (
              <IndexBrowser value={folder} onSelect={setFolder} />
            ) : (
              <Link to={indexBrowserHref(folder)} target="_blank" rel="noopener">
                {t("settings.index.browseNewTab")}
              </Link>
            )}
          </div>
        ) : (
          <input type="hidden" name="Path" value="" />
        )}
        <SelectField
          label={t("settings.dialog.field.pool")}
          name="Pool"
          hydrated={hydrated}
          defaultValue={v("Pool") || "default"}
          errors={errors.Pool}
          options={options.pools.map((p) => ({
            value: p.Id,
            // The built-in pool is named in the page's language; others by their own name.
            label: p.Id === "default" ? t("settings.dialog.ownStorage") : p.Name,
          }))}
        />
      </fieldset>
      <TextField
        label={t("settings.dialog.field.autoSearch")}
        name="AutoSearch"
        maxLength={2000}
        defaultValue={v("AutoSearch")}
        errors={errors.AutoSearch}
        description={t("settings.dialog.autoSearchHint")}
      />
      <div className={people.columns}>
        <SelectField
          label={t("settings.dialog.field.comments")}
          name="SocialSettings.CommentType"
          hydrated={hydrated}
          defaultValue={v("SocialSettings.CommentType") || "0"}
          options={[
            { value: "0", label: t("settings.dialog.none") },
            { value: "1", label: t("settings.dialog.builtInComments") },
          ]}
        />
        <SelectField
          label={t("settings.dialog.field.metadataView")}
          name="MetadataSetId"
          hydrated={hydrated}
          defaultValue={v("MetadataSetId")}
          errors={errors.MetadataSetId}
          options={option(lists.metadataViews, t("settings.dialog.chooseView"))}
        />
      </div>
      <CheckboxField
        name="RobotSettings.AllowIndexing"
        defaultSelected={isOn("RobotSettings.AllowIndexing")}
      >
        {t("settings.dialog.allowIndexing")}
      </CheckboxField>
      {/* Consent management needs the site's consent forms, which Arkiv does not have yet. */}
      {options.enableConsentForms ? (
        <CheckboxField
          name="EnableConsentManagement"
          defaultSelected={isOn("EnableConsentManagement")}
        >
          {t("settings.dialog.consentManagement")}
        </CheckboxField>
      ) : null}
      <CheckboxField
        name="SocialSettings.AnnotationsEnabled"
        defaultSelected={isOn("SocialSettings.AnnotationsEnabled")}
      >
        {t("settings.dialog.annotations")}
      </CheckboxField>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>{t("settings.dialog.navigationPane")}</legend>
        <CheckboxField
          name="NavigationPaneControl.TaxonomyFilters"
          defaultSelected={isOn("NavigationPaneControl.TaxonomyFilters")}
        >
          {t("settings.dialog.taxonomyFilters")}
        </CheckboxField>
        <MultiSelectField
          label={t("settings.dialog.field.taxonomyFields")}
          name="NavigationPaneControl.SearchTreeFields"
          options={fieldOptions}
          defaultValue={strs(get(initial, "NavigationPaneControl.SearchTreeFields"))}
          placeholder={t("settings.dialog.none")}
          hydrated={hydrated}
        />
        <CheckboxField
          name="NavigationPaneControl.ShowFolderList"
          defaultSelected={isOn("NavigationPaneControl.ShowFolderList")}
        >
          {t("settings.dialog.folderList")}
        </CheckboxField>
        {options.allowFileSystemDestinations ? (
          <CheckboxField
            name="NavigationPaneControl.FolderListSettings.ShowDocumentFolders"
            defaultSelected={isOn("NavigationPaneControl.FolderListSettings.ShowDocumentFolders")}
          >
            {t("settings.dialog.documentFolders")}
          </CheckboxField>
        ) : null}
        <CheckboxField
          name="NavigationPaneControl.ShowSmartFolders"
          isSelected={smartFolders}
          onChange={setSmartFolders}
        >
          {t("settings.dialog.smartFolders")}
        </CheckboxField>
        <CheckboxField
          name="NavigationPaneControl.EnableCustomSmartFolderName"
          defaultSelected={isOn("NavigationPaneControl.EnableCustomSmartFolderName")}
          isDisabled={hydrated && !smartFolders}
        >
          {t("settings.dialog.customSmartFolderName")}
        </CheckboxField>
        <TextField
          label={t("settings.dialog.field.smartFolderName")}
          name="NavigationPaneControl.CustomSmartFolderName"
          maxLength={100}
          defaultValue={v("NavigationPaneControl.CustomSmartFolderName")}
          errors={errors["NavigationPaneControl.CustomSmartFolderName"]}
        />
        {options.enableConsentForms ? (
          <CheckboxField
            name="NavigationPaneControl.EnableConsentStatusFilter"
            defaultSelected={isOn("NavigationPaneControl.EnableConsentStatusFilter")}
          >
            {t("settings.dialog.consentStatusFilter")}
          </CheckboxField>
        ) : null}
      </fieldset>
      <input type="hidden" name="IsIndexed" value={v("IsIndexed") || "true"} />
      <input type="hidden" name="DataMining.Enabled" value={v("DataMining.Enabled")} />
    </>
  );
}
