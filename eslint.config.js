import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";

const NO_ROUTE_IMPORTS = {
  regex: "(^~/routes/|(^|/)routes/)",
  message: "A route never imports from another route.",
};

// The package's index re-exports every component, and esbuild splits by file, not by export: one
// import of it puts all of react-aria into that page's scripts (decision 027).
// Only app/models and the jobs query (decisions 024 and 073).
const NO_DATABASE = {
  regex: "^(~/db(/|$)|kysely(/|$))",
  message: "Only the models query: call a function of app/models.",
};

/*
 * Words people read come from the catalogues (decision 101): no literal text in JSX, nor in the
 * attributes read aloud or shown. The list grows with each area converted, until it is app/.
 */
const LOCALIZED = [
  "app/components/shell/**",
  "app/components/locale/**",
  "app/root.tsx",
  "app/routes/fotoweb.me.locale.tsx",
  "app/components/account/**",
  "app/routes/fotoweb.views.login.tsx",
  "app/routes/fotoweb.views.logout.tsx",
  "app/routes/fotoweb.views.change-password.tsx",
  "app/routes/fotoweb.views.force-change-password.tsx",
  "app/routes/fotoweb.views.forgot-password.tsx",
  "app/routes/fotoweb.views.reset-password.$token.tsx",
  // The grid (its pages, what they render, the pins page's navigation pins).
  "app/routes/fotoweb.archives.$archive._index.tsx",
  "app/routes/fotoweb.archives._index.tsx",
  "app/components/asset/AssetGrid.tsx",
  "app/components/asset/AssetTile.tsx",
  "app/components/asset/SelectionToolbar.tsx",
  "app/components/asset/SelectionView.tsx",
  "app/components/asset/BatchPanel.tsx",
  "app/components/collection/ArchiveNav.tsx",
  "app/components/collection/BrowseLayout.tsx",
  "app/components/collection/NavigationPane.tsx",
  "app/components/collection/NavigationPins.tsx",
  "app/components/collection/CollectionList.tsx",
  "app/components/collection/CollectionTile.tsx",
  "app/components/collection/CollectionsEmpty.tsx",
  "app/components/collection/SmartFolderModal.tsx",
  "app/components/search/SortSelect.tsx",
  // Albums: the lists, an album's page, sharing, public links and their visitor's pages.
  "app/components/album/**",
  "app/routes/fotoweb.albums._index.tsx",
  "app/routes/fotoweb.users.$user.albums.$album._index.tsx",
  "app/routes/fotoweb.users.$user.albums.$album.[.shares]._index.tsx",
  "app/routes/fotoweb.users.$user.albums.$album_.[.shares].links._index.tsx",
  "app/routes/fotoweb.users.$user.albums.$album_.[.shares].links.$link.tsx",
  "app/routes/fotoweb.views.add-to-album.tsx",
  "app/routes/fotoweb.shared.$token._index.tsx",
  "app/routes/fotoweb.shared.$token.assets.$assetId.tsx",
  // The asset page (details, viewer, metadata editors, revisions) and the batch page.
  "app/routes/fotoweb.archives.$archive.$asset.tsx",
  "app/routes/fotoweb.archives.$archive.$asset_.[__revisions]._index.tsx",
  "app/routes/fotoweb.archives.$archive.$asset_.[__revisions].compare.tsx",
  "app/routes/fotoweb.views.batch.tsx",
  "app/components/asset/AssetDetails.tsx",
  "app/components/asset/AssetViewer.tsx",
  "app/components/asset/MetadataEditPanel.tsx",
  "app/components/asset/BatchDialog.tsx",
  "app/components/asset/RevisionList.tsx",
  "app/components/asset/RevisionCompare.tsx",
  "app/components/asset/RollbackToConfirm.tsx",
  "app/components/asset/RollbackToDialog.tsx",
  "app/components/asset/copy-revision.ts",
  "app/components/metadata/editors/**",
  "app/http/asset/asset-edit.server.ts",
  "app/http/asset/batch-page.server.ts",
  "app/http/asset/revisions.server.ts",
  // Alerts, uploads and tasks (the "work" area).
  "app/components/alert/**",
  "app/routes/fotoweb.me.alerts._index.tsx",
  "app/components/upload/**",
  "app/routes/fotoweb.views.upload.tsx",
  "app/http/upload/upload-view.server.ts",
  "app/components/task/**",
  "app/routes/fotoweb.views.tasks.$id.tsx",
  "app/routes/fotoweb.views.tasks._index.tsx",
  "app/http/background-task/task-page.server.ts",
  "app/http/alert/alert.server.ts",
  // The start page, pins, covers, the advanced search, the shared widgets and a few pages more.
  "app/components/ui/**",
  // Invitations: the list, its grid and the wizard's last step (the wizard and redeem form not yet).
  "app/components/invitation/InvitationGrid.tsx",
  "app/components/invitation/CopyLink.tsx",
  "app/components/invitation/InviteDone.tsx",
  "app/components/invitation/InviteWizard.tsx",
  "app/components/invitation/RedeemForm.tsx",
  "app/routes/fotoweb.views.invitation.$token.tsx",
  "app/routes/fotoweb.views.admin.invite.tsx",
  "app/components/signup/SignupFieldsForm.tsx",
  "app/routes/fotoweb.views.admin.signup-fields.tsx",
  "app/components/mail/OutboxTable.tsx",
  "app/routes/fotoweb.views.admin.outbox.tsx",
  "app/routes/fotoweb.views.admin.invitations.tsx",
  "app/components/collection/**",
  "app/components/search/**",
  "app/routes/fotoweb._index.tsx",
  "app/routes/fotoweb.me.pins._index.tsx",
  "app/routes/fotoweb.views.select-cover.tsx",
  "app/routes/fotoweb.views.advanced-search.tsx",
  "app/routes/fotoweb.editors.$viewid.tsx",
  "app/routes/fotoweb.oauth2.authorize.tsx",
  // Settings: archive administration (list, trash can, the archive dialog), site settings.
  "app/routes/fotoweb.views.admin.archives._index.tsx",
  "app/routes/fotoweb.views.admin.archives.$id.tsx",
  "app/routes/fotoweb.views.admin.archives.new.tsx",
  "app/routes/fotoweb.views.admin.trash.tsx",
  "app/routes/fotoweb.views.management.tsx",
  "app/components/archive/ArchiveList.tsx",
  "app/components/archive/ConfirmPanel.tsx",
  "app/components/archive/ConfirmDialog.tsx",
  "app/components/archive/TrashList.tsx",
  "app/components/archive/ArchiveDialog.tsx",
  "app/components/archive/ArchiveDialogFields.tsx",
  "app/components/archive/archive-dialog-form.ts",
  "app/components/archive/ArchiveGeneralTab.tsx",
  "app/components/archive/ArchiveExportTab.tsx",
  "app/components/archive/ArchiveAccessTab.tsx",
  "app/components/archive/ArchivePropertiesTab.tsx",
  "app/components/archive/RangeField.tsx",
  "app/components/archive/MemberPermissions.tsx",
  "app/components/site/**",
  "app/components/application/**",
  "app/routes/fotoweb.views.management_.applications.tsx",
  "app/http/application/application-page.server.ts",
  "app/http/archive/archive-admin.server.ts",
  "app/http/archive/archive-list-page.server.ts",
  // People: users, groups, invitations and sign-ups, and their administration pages.
  "app/components/people/**",
  "app/components/user/**",
  "app/routes/fotoweb.views.admin.users.*.tsx",
  "app/http/user/users-page.server.ts",
  "app/components/group/**",
  "app/routes/fotoweb.views.admin.groups.*.tsx",
  "app/http/group/group-page.server.ts",
  "app/components/signup/ExtraFields.tsx",
  "app/components/signup/PendingSignups.tsx",
  "app/components/signup/SignupDecisionForms.tsx",
  "app/components/signup/SignupForm.tsx",
  "app/routes/fotoweb.views.admin.signups.tsx",
  "app/routes/fotoweb.views.signup.tsx",
  "app/http/signup/signup-page.server.ts",
  // Settings (2): the archive scan page, the index browser, processing profiles.
  "app/routes/fotoweb.views.admin.archives.$id_.scan.tsx",
  "app/components/archive/ScanPanel.tsx",
  "app/http/archive/path-archives.server.ts",
  "app/routes/fotoweb.views.admin.index-browser.tsx",
  "app/components/archive/IndexBrowser.tsx",
  "app/components/archive/IndexFolderList.tsx",
  "app/components/archive/index-errors.ts",
  "app/models/processing/list-editors.ts",
  "app/components/processing/ListsPageView.tsx",
  "app/components/processing/ListTable.tsx",
  "app/components/processing/ListEditorView.tsx",
  "app/components/processing/EditorPanel.tsx",
  "app/components/processing/RowsEditor.tsx",
  "app/components/processing/SetEditors.tsx",
  "app/components/processing/ProfileSetEditor.tsx",
  "app/components/processing/ProfileEditor.tsx",
  "app/components/processing/WatermarkList.tsx",
  "app/routes/fotoweb.views.admin.watermarks.tsx",
  "app/routes/fotoweb.views.admin.processing-profiles._index.tsx",
  "app/routes/fotoweb.views.admin.processing-profiles.new.tsx",
  "app/routes/fotoweb.views.admin.processing-profiles.$id.tsx",
  "app/routes/fotoweb.views.admin.processing-profiles.sets.new.tsx",
  "app/routes/fotoweb.views.admin.processing-profiles.sets.$id.tsx",
  "app/routes/fotoweb.views.admin.rendition-sets._index.tsx",
  "app/routes/fotoweb.views.admin.rendition-sets.new.tsx",
  "app/routes/fotoweb.views.admin.rendition-sets.$id.tsx",
  "app/routes/fotoweb.views.admin.crop-profile-sets._index.tsx",
  "app/routes/fotoweb.views.admin.crop-profile-sets.new.tsx",
  "app/routes/fotoweb.views.admin.crop-profile-sets.$id.tsx",
  // Metadata: the administration of fields and views, the picker, a view as browsers read it.
  "app/components/metadata/**",
  "app/routes/fotoweb.views.admin.metadata.*.tsx",
  "app/routes/fotoweb.editors.$viewid.tsx",
  "app/http/metadata/metadata-page.server.ts",
  // Taxonomies: their administration pages, the no-JS picker page and the taxonomy widgets.
  "app/components/taxonomy/**",
  "app/routes/fotoweb.views.admin.taxonomies._index.tsx",
  "app/routes/fotoweb.views.admin.taxonomies.$fieldId.tsx",
  "app/routes/fotoweb.views.taxonomy-picker.$field.tsx",
  "app/http/taxonomy/taxonomy-page.server.ts",
  "app/http/taxonomy/taxonomy-picker.server.ts",
];

const NO_ARIA_INDEX = {
  regex: "^react-aria-components$",
  message: 'Import the component\'s own entry, e.g. "react-aria-components/Button".',
};

const NO_SYNC_HYDRATED = {
  regex: "^remix-utils/use-hydrated$",
  message: 'Use "~/utils/use-hydrated": it switches in a transition, not a synchronous re-render.',
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-imports": [
        "error",
        { patterns: [NO_ROUTE_IMPORTS, NO_ARIA_INDEX, NO_SYNC_HYDRATED] },
      ],
    },
  },
  {
    /*
     * No import cycles at run time (decision 073): a module must be whole before the modules it
     * loads call it. A type-only import is gone at run time and a lazy import() runs after every
     * module has loaded, so neither counts; the `~/` alias resolves through tsconfig.json.
     */
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      // One lint run parses each module once (the default forgets it after 30 s).
      "import-x/cache": { lifetime: Infinity },
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": [
        "error",
        { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true },
      ],
    },
  },
  {
    // Hooks live in components and route modules only; server modules may use "use" names freely.
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  /*
   * The layout (decisions 023 and 024). A later block replaces no-restricted-imports for its
   * files, so each block repeats the rule every file keeps: no route imports a route.
   */
  {
    files: ["app/models/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_ROUTE_IMPORTS,
            {
              regex: "^@remix-run/",
              message: "Models know nothing of Remix: take plain values, throw a Problem.",
            },
            {
              regex: "^(~/http(/|$)|(\\.\\./)+http(/|$))",
              message:
                "Models never import app/http: the HTTP layer calls the models, never the other way.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_ROUTE_IMPORTS,
            NO_ARIA_INDEX,
            {
              regex: "^\\./",
              message: "A route never imports another route: move what both need to app/http.",
            },
            {
              regex: "^(~/db(/|$)|kysely(/|$))",
              message: "Routes never query: call a model in app/models.",
            },
          ],
        },
      ],
    },
  },
  {
    // The HTTP layer reads requests and calls the models; it holds no query (decision 073).
    files: ["app/http/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_ROUTE_IMPORTS,
            NO_ARIA_INDEX,
            NO_DATABASE,
            {
              regex: "^(\\.\\./)+db(/|$)",
              message: "Only the models query: call a function of app/models.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**", "app/styles/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_ROUTE_IMPORTS,
            NO_ARIA_INDEX,
            NO_DATABASE,
            {
              regex: "\\.server$",
              allowTypeImports: true,
              message: ".server modules are emptied in the browser bundle: import types only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: LOCALIZED,
    plugins: { i18next },
    rules: {
      "i18next/no-literal-string": [
        "error",
        {
          mode: "jsx-only",
          "jsx-attributes": {
            include: [
              "label",
              "aria-label",
              "title",
              "alt",
              "placeholder",
              "description",
              "legend",
            ],
          },
          // Symbols drawn as icons (the info button's "i", a tick, arrows, a dash for nothing)
          // and the brand are not words.
          words: { exclude: ["[0-9!-/:-@[-`{-~×⚙●…⋯✓←→‹›−＋▾•—]+", "i", "Arkiv"] },
        },
      ],
    },
  },
  {
    // Every JSON answer a test reads is checked against the API reference (decision 029).
    files: ["tests/**"],
    ignores: ["tests/helpers/api-contract.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='json'][arguments.length=0]",
          message:
            "Read a JSON answer with readApiJson (or readPlaywrightJson) from tests/helpers/api-contract.ts: it checks the answer against the API reference.",
        },
      ],
    },
  },
);
