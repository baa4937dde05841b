import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// Import direction in the web app (docs/architecture.md, "Import rules"):
// app -> features -> store -> lib, platform is the only door to native code.
const web = './apps/web/src';
const featureNames = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureIsolation = featureNames.map((name) => ({
  target: `${web}/features/${name}`,
  from: `${web}/features`,
  except: [`./${name}`],
  message: 'Features do not import each other: move the shared piece to lib/ or compose in app/.',
}));
const layerZones = [
  {
    target: `${web}/lib`,
    from: [`${web}/store`, `${web}/features`, `${web}/app`],
    message: 'lib/ is the bottom layer: pass store or app wiring in from app/.',
  },
  {
    target: `${web}/store`,
    from: [`${web}/features`, `${web}/app`],
    message: 'store/ does not depend on features/ or app/.',
  },
];
// Import direction in the server (docs/architecture.md, "Layers"): lib/ and db/ at the bottom,
// plugins/ take what they need of modules/ from app.ts and services.ts, and a module reaches
// another only through its repository.ts or mapping.ts.
const server = './apps/server/src';
const serverModuleNames = readdirSync(new URL('apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverModuleIsolation = serverModuleNames.map((name) => ({
  target: `${server}/modules/${name}`,
  from: `${server}/modules`,
  except: [
    `./${name}`,
    ...serverModuleNames.flatMap((other) => [`./${other}/repository.ts`, `./${other}/mapping.ts`]),
  ],
  message:
    "A module imports another module's repository.ts or mapping.ts only: move the shared piece to lib/ or pass it in from services.ts.",
}));
const serverLayerZones = [
  {
    target: `${server}/plugins`,
    from: `${server}/modules`,
    message: 'plugins/ do not import modules/: pass what they need in from app.ts or services.ts.',
  },
  {
    target: `${server}/journal-quota`,
    from: [`${server}/modules`, `${server}/plugins`],
    message: 'journal-quota/ is below the modules that call it: it imports none of them.',
  },
  {
    target: [`${server}/lib`, `${server}/db`],
    from: [
      `${server}/modules`,
      `${server}/plugins`,
      `${server}/config.ts`,
      `${server}/config-schema.ts`,
      `${server}/config-types.ts`,
    ],
    message:
      'lib/ and db/ are the bottom layer: they import neither modules/, plugins/ nor config.ts (take values as parameters).',
  },
];

// Test support (src/testing: factories, fakes, set-up) may import anything, and any test may
// import it; production code (every file outside it that is not a *.test.*) never does.
const testingOnlyInTests = {
  target: [`${web}/!(testing)/**/!(*.test).{ts,tsx}`, `${web}/*.{ts,tsx}`],
  from: `${web}/testing`,
  message: 'src/testing is test support: only tests and src/testing import it.',
};
// Who signed in on this device is identity's to say (lib/identity/this-device.ts): no other
// production module reads its local storage keys, by name or by text.
const identityKeys = ['lastLoggedInUser', 'pendingSignOut', 'signedInUser'];
const identityKeyNames = ['LAST_LOGGED_IN_USER_KEY', 'PENDING_SIGN_OUT_KEY', 'REMEMBERED_USER_KEY'];
const identityKeysStayInIdentity = [
  {
    selector: `ImportSpecifier[imported.name=/^(${identityKeyNames.join('|')})$/]`,
    message: "Identity's storage keys stay in lib/identity: ask lib/identity/this-device.ts.",
  },
  {
    selector: `:matches(Literal[value=/^(${identityKeys.join('|')})$/], TemplateElement[value.raw=/^(${identityKeys.join('|')})$/])`,
    message: "Identity's storage keys stay in lib/identity: ask lib/identity/this-device.ts.",
  },
];
const nativeOnlyInPlatform = {
  patterns: [
    {
      group: [
        '@capacitor/*',
        'capacitor-secure-storage-plugin',
        'capacitor-secure-storage-plugin/*',
      ],
      message: 'Native plugins are reached through src/platform only.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/web/android/**',
      'apps/web/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The cycle check parses every imported file, so it must know the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...featureIsolation, ...layerZones, testingOnlyInTests],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', nativeOnlyInPlatform],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...serverModuleIsolation, ...serverLayerZones],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/platform/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/identity/**', 'apps/web/src/testing/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...identityKeysStayInIdentity] },
  },
);
