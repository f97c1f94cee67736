import { Link } from "@remix-run/react";
import { useState } from "react";
import { TileIconGlyph } from "~/components/collection/CollectionTile";
import { CheckboxField } from "~/components/ui/CheckboxField";
import { MultiSelectField, SelectField } from "~/components/ui/SelectField";
import { TextField } from "~/components/ui/TextField";
import { fieldError } from "~/components/ui/controls.css";
import * as people from "~/components/user/users.css";
import { fieldOptionsOf, get, option, reader, strs, type TabProps } from "./archive-dialog-form";
import { IndexBrowser } from "./IndexBrowser";
import { indexBrowserHref } from "./IndexFolderList";
import * as css from "./archive-dialog.css";

/** The General tab: name, colour and icon, index or pool, filters, comments, navigation pane. */
export function ArchiveGeneralTab({ initial, errors, hydrated, options, lists }: TabProps) {
  const { v, isOn } = reader(initial);
  const [smartFolders, setSmartFolders] = useState(isOn("NavigationPaneControl.ShowSmartFolders"));
  const [folder, setFolder] = useState(v("Path"));
  const [iconQuery, setIconQuery] = useState("");
  const fieldOptions = fieldOptionsOf(lists);
  return (
    <>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Identification</legend>
        <TextField
          label="Name"
          name="Name"
          isRequired
          maxLength={100}
          defaultValue={v("Name")}
          errors={errors.Name}
        />
        <TextField
          label="Description"
          name="Description"
          multiline
          maxLength={2000}
          defaultValue={v("Description")}
          errors={errors.Description}
        />
        <fieldset className={css.swatches} aria-label="Colour">
          <legend className={css.label}>Colour</legend>
          {options.palette.map((colour) => (
            <label key={colour} className={css.swatch} style={{ background: colour }}>
              <input
                type="radio"
                name="Color"
                value={colour}
                defaultChecked={v("Color").toUpperCase() === colour}
                aria-label={`Colour ${colour}`}
              />
            </label>
          ))}
        </fieldset>
        {errors.Color ? <span className={fieldError}>{errors.Color}</span> : null}
        <fieldset className={css.icons}>
          <legend className={css.label}>Icon</legend>
          {hydrated ? (
            <TextField
              label="Find an icon"
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
          Enabled
        </CheckboxField>
      </fieldset>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Index or pool</legend>
        {options.allowFileSystemDestinations ? (
          <div className={css.indexField}>
            <TextField
              label="Index (folder path)"
              name="Path"
              maxLength={1000}
              value={folder}
              onChange={setFolder}
              errors={errors.Path}
              description="A folder under the roots this site allows; leave empty to keep files in a pool."
            />
            {hydrated ? (
              <IndexBrowser value={folder} onSelect={setFolder} />
            ) : (
              <Link to={indexBrowserHref(folder)} target="_blank" rel="noopener">
                Browse folders (opens a new tab)
              </Link>
            )}
          </div>
        ) : (
          <input type="hidden" name="Path" value="" />
        )}
        <SelectField
          label="Pool"
          name="Pool"
          hydrated={hydrated}
          defaultValue={v("Pool") || "default"}
          errors={errors.Pool}
          options={options.pools.map((p) => ({ value: p.Id, label: p.Name }))}
        />
      </fieldset>
      <TextField
        label="Auto-search filter"
        name="AutoSearch"
        maxLength={2000}
        defaultValue={v("AutoSearch")}
        errors={errors.AutoSearch}
        description="Only assets matching this search expression show in the archive."
      />
      <div className={people.columns}>
        <SelectField
          label="Comments"
          name="SocialSettings.CommentType"
          hydrated={hydrated}
          defaultValue={v("SocialSettings.CommentType") || "0"}
          options={[
            { value: "0", label: "None" },
            { value: "1", label: "Built-in comments" },
          ]}
        />
        <SelectField
          label="Metadata view"
          name="MetadataSetId"
          hydrated={hydrated}
          defaultValue={v("MetadataSetId")}
          errors={errors.MetadataSetId}
          options={option(lists.metadataViews, "Choose a view")}
        />
      </div>
      <CheckboxField
        name="RobotSettings.AllowIndexing"
        defaultSelected={isOn("RobotSettings.AllowIndexing")}
      >
        Allow crawler indexing
      </CheckboxField>
      {/* Consent management needs the site's consent forms, which Arkiv does not have yet. */}
      {options.enableConsentForms ? (
        <CheckboxField
          name="EnableConsentManagement"
          defaultSelected={isOn("EnableConsentManagement")}
        >
          Consent management
        </CheckboxField>
      ) : null}
      <CheckboxField
        name="SocialSettings.AnnotationsEnabled"
        defaultSelected={isOn("SocialSettings.AnnotationsEnabled")}
      >
        Annotations
      </CheckboxField>
      <fieldset className={css.fieldset}>
        <legend className={css.legend}>Navigation pane</legend>
        <CheckboxField
          name="NavigationPaneControl.TaxonomyFilters"
          defaultSelected={isOn("NavigationPaneControl.TaxonomyFilters")}
        >
          Taxonomy filters
        </CheckboxField>
        <MultiSelectField
          label="Taxonomy filter fields"
          name="NavigationPaneControl.SearchTreeFields"
          options={fieldOptions}
          defaultValue={strs(get(initial, "NavigationPaneControl.SearchTreeFields"))}
          placeholder="None"
          hydrated={hydrated}
        />
        <CheckboxField
          name="NavigationPaneControl.ShowFolderList"
          defaultSelected={isOn("NavigationPaneControl.ShowFolderList")}
        >
          Folder list
        </CheckboxField>
        {options.allowFileSystemDestinations ? (
          <CheckboxField
            name="NavigationPaneControl.FolderListSettings.ShowDocumentFolders"
            defaultSelected={isOn("NavigationPaneControl.FolderListSettings.ShowDocumentFolders")}
          >
            Document folders
          </CheckboxField>
        ) : null}
        <CheckboxField
          name="NavigationPaneControl.ShowSmartFolders"
          isSelected={smartFolders}
          onChange={setSmartFolders}
        >
          Smart folders
        </CheckboxField>
        <CheckboxField
          name="NavigationPaneControl.EnableCustomSmartFolderName"
          defaultSelected={isOn("NavigationPaneControl.EnableCustomSmartFolderName")}
          isDisabled={hydrated && !smartFolders}
        >
          Custom smart folder name
        </CheckboxField>
        <TextField
          label="Smart folder name"
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
            Consent status filter
          </CheckboxField>
        ) : null}
      </fieldset>
      <input type="hidden" name="IsIndexed" value={v("IsIndexed") || "true"} />
      <input type="hidden" name="DataMining.Enabled" value={v("DataMining.Enabled")} />
    </>
  );
}
