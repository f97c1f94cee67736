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
    // Every word a person reads comes from a catalogue (issue 32, decision 101): the whole tree.
    files: ["app/**/*.{ts,tsx}"],
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
              // Props that carry words into a component: emptyText, heading, hintMessage, …
              "(text|heading|message|hint|caption|summary|subtitle)",
              ".*(Text|Label|Title|Message|Hint|Heading|Description|Caption)",
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
