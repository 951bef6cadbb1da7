// @vitest-environment node
/**
 * Text from the server (titles, URLs, messages, an avatar) is untrusted. The extension only ever puts
 * it into the page as text (Preact escapes what it renders) or, for URLs, through safeHref; this scan
 * keeps it that way: no code in entrypoints/, components/ or lib/ may use an HTML sink or evaluate a
 * string as code. The source is parsed (TypeScript's own parser), so a comment that names a sink is
 * not code, and `el['innerHTML']` is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SCANNED = ['entrypoints', 'components', 'lib'];

/** Names that turn a string into markup, whether read as a property, a key or a JSX attribute. */
const HTML_SINKS = new Set([
  'innerHTML',
  'outerHTML',
  'insertAdjacentHTML',
  'dangerouslySetInnerHTML',
  'srcdoc',
]);
const TIMERS = new Set(['setTimeout', 'setInterval']);

/** Every source file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|mjs|html)$/.test(entry.name) ? [path] : [];
  });
}

const calleeName = (node: ts.Expression): string | undefined =>
  ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined;

/** What in `code` (a .ts/.tsx/.js file) writes markup or runs a string as code, as "line: what". */
function findUnsafe(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (
      (ts.isIdentifier(node) || ts.isStringLiteralLike(node) || ts.isPrivateIdentifier(node)) &&
      HTML_SINKS.has(node.text)
    ) {
      report(node, node.text);
    }
    if (ts.isPropertyAccessExpression(node) && ['write', 'writeln'].includes(node.name.text)) {
      const target = node.expression;
      if (ts.isIdentifier(target) && target.text === 'document') report(node, `document.${node.name.text}`);
      if (ts.isPropertyAccessExpression(target) && target.name.text === 'document') {
        report(node, `document.${node.name.text}`);
      }
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      if (name === 'eval') report(node, 'eval(');
      if (name === 'Function') report(node, ts.isNewExpression(node) ? 'new Function' : 'Function(');
      // A string passed to a timer is evaluated like eval.
      const first = node.arguments?.[0];
      if (
        name &&
        TIMERS.has(name) &&
        first &&
        (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first))
      ) {
        report(node, `${name} with a string`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Inline scripts and inline event handlers in an HTML page (MV3 refuses both; they must not appear). */
function findUnsafeHtml(html: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi))
    if (!/\bsrc=/i.test(tag)) found.push(`inline ${tag}`);
  for (const [attribute] of html.matchAll(/\son[a-z]+\s*=/gi)) found.push(`handler${attribute}`);
  if (/javascript:/i.test(html)) found.push('javascript: URL');
  return found;
}

describe('the scan itself', () => {
  it('finds every sink in code, whatever its form', () => {
    const code = `
      el.innerHTML = title;
      el['outerHTML'] = title;
      el.insertAdjacentHTML('beforeend', title);
      const props = { dangerouslySetInnerHTML: { __html: title } };
      const view = <div dangerouslySetInnerHTML={{ __html: title }} />;
      document.write(title);
      window.document.writeln(title);
      eval(code);
      globalThis.eval(code);
      new Function('return 1');
      setTimeout('alert(1)', 10);
      frame.srcdoc = title;
    `;
    expect(findUnsafe('sample.tsx', code).map((line) => line.replace(/^\d+: /, ''))).toEqual([
      'innerHTML',
      'outerHTML',
      'insertAdjacentHTML',
      'dangerouslySetInnerHTML',
      'dangerouslySetInnerHTML',
      'document.write',
      'document.writeln',
      'eval(',
      'eval(',
      'new Function',
      'setTimeout with a string',
      'srcdoc',
    ]);
  });

  it('leaves comments, other names and safe calls alone', () => {
    const code = `
      // never innerHTML, never eval(…), never new Function
      /** Renders as text (no dangerouslySetInnerHTML). */
      const text = <p title={title}>{title} — don't eval it</p>;
      setTimeout(() => flush(), 300);
      const evaluate = (x: number) => x;
      node.textContent = title;
      writer.write(title);
    `;
    expect(findUnsafe('sample.tsx', code)).toEqual([]);
  });

  it('finds inline scripts and handlers in HTML', () => {
    expect(findUnsafeHtml('<script type="module" src="./main.tsx"></script>')).toEqual([]);
    expect(findUnsafeHtml('<script>alert(1)</script><img onerror="x"><a href="javascript:x">')).toHaveLength(
      3,
    );
  });
});

describe('entrypoints/, components/ and lib/', () => {
  const files = SCANNED.flatMap((dir) => sourceFiles(join(ROOT, dir)));

  it('are all scanned', () => {
    const names = files.map((file) => relative(ROOT, file));
    // The popup, a management view and a lib module: a scan of the wrong folder would find none.
    expect(names).toEqual(
      expect.arrayContaining([
        'entrypoints/popup/app.tsx',
        'entrypoints/manage/links/links-view.tsx',
        'lib/url/rules.ts',
      ]),
    );
  });

  it('never write markup from a string nor run a string as code', () => {
    const unsafe = files.flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      const found = file.endsWith('.html') ? findUnsafeHtml(code) : findUnsafe(file, code);
      return found.map((what) => `${relative(ROOT, file)}:${what}`);
    });
    expect(unsafe).toEqual([]);
  });
});
