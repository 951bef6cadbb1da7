/**
 * The import rules `npm run check` enforces (dependency-cruiser), type-only imports included.
 *
 * lib/ is layered, each folder using only those below it:
 *   lib/*.ts (i18n, dates, text limits, ids) < url < api < present < settings < storage < links < jobs < messaging
 * components/ (what several pages share) uses lib/ only; a page (entrypoints/<page>/) uses lib/ and
 * components/, never another page, except the side panel, which shows the popup's form.
 */
const LAYERS = ['url', 'api', 'present', 'settings', 'storage', 'links', 'jobs', 'messaging'];

/** A rule per layer: nothing in it imports a layer above it. */
const layerRules = LAYERS.map((layer, index) => {
  const above = LAYERS.slice(index + 1);
  return {
    name: `lib-${layer}-layer`,
    comment: `lib/${layer}/ may use only the layers below it: ${LAYERS.slice(0, index).join(', ') || 'the root files'}`,
    severity: 'error',
    from: { path: `^lib/${layer}/` },
    to: { path: `^lib/(${above.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle between files, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-root-files',
      comment: 'The root files of lib/ (i18n, dates, text limits, ids) are the base of every layer.',
      severity: 'error',
      from: { path: '^lib/[^/]+\\.tsx?$' },
      to: { path: `^lib/(${LAYERS.join('|')})/` },
    },
    ...layerRules,
    {
      name: 'lib-is-not-ui',
      comment: 'lib/ is shared code: it imports no page and no component.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(entrypoints|components)/' },
    },
    {
      name: 'components-use-no-page',
      comment: 'components/ holds what several pages share: it imports no page.',
      severity: 'error',
      from: { path: '^components/' },
      to: { path: '^entrypoints/' },
    },
    {
      name: 'pages-stay-apart',
      comment: 'A page imports no other page; the side panel shows the popup, its one exception.',
      severity: 'error',
      from: { path: '^entrypoints/([^/]+)/', pathNot: '^entrypoints/sidepanel/' },
      to: { path: '^entrypoints/([^/]+)/', pathNot: '^entrypoints/$1/' },
    },
    {
      name: 'sidepanel-uses-popup-only',
      severity: 'error',
      from: { path: '^entrypoints/sidepanel/' },
      to: { path: '^entrypoints/', pathNot: '^entrypoints/(sidepanel|popup)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.output|\\.wxt|\\.bench)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports are imports: a type cycle ties two modules together just the same.
    moduleSystems: ['es6'],
    reporterOptions: {
      dot: { collapsePattern: '^(lib/[^/]+|components|entrypoints/[^/]+)/' },
    },
  },
};
