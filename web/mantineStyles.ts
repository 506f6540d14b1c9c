// Mantine's stylesheet per component, loaded with the code that uses it (issue 34: all of Mantine's
// 290 KB of CSS came with every page, the landing page's few components and the video editor's alike).
//
// Mantine ships one CSS file per component (@mantine/core/styles/Button.css) and leaves it to the app to
// import the right ones: a Select needs Input's and Combobox's too, a Button UnstyledButton's and
// Loader's. Listing them by hand in every file is a rule nobody would keep, so the build keeps it: this
// plugin reads which stylesheets each export of a Mantine package reaches in the package's own modules
// (a component's `X.module.mjs` is the class map of `styles/X.css`), and adds, to every module of ours
// that imports Mantine components, imports of their stylesheets. Vite then puts each stylesheet in the
// chunk of the code that uses it, as it does with our own CSS modules.
//
// Order. Mantine's full stylesheet puts a component's dependencies before it (Input before Select);
// the imports added here follow that order, and a stylesheet another module of the same chunk imported
// earlier stays where it was, so a component's dependencies always come before it. Every Mantine
// stylesheet is the `.layer.css` variant, inside `@layer mantine`: our own CSS, outside any layer, wins
// over Mantine's whatever order the chunks arrive in, as it did when all of Mantine came first.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The Mantine packages whose components carry stylesheets, beside @mantine/core. */
const EXTENSIONS = ['@mantine/notifications', '@mantine/dropzone', '@mantine/charts'] as const;

/**
 * What every page needs, imported once by src/main.tsx: the reset, the theme's CSS variables and the
 * global classes (Mantine's "base styles", which its per-component files assume are loaded).
 */
export const GLOBAL_STYLES = [
  '@mantine/core/styles/baseline.layer.css',
  '@mantine/core/styles/default-css-variables.layer.css',
  '@mantine/core/styles/global.layer.css',
];

function packageDir(name: string) {
  return join(dirname(fileURLToPath(import.meta.url)), 'node_modules', name);
}

/** The names a module imports (or re-exports) from a bare specifier (`import { A, B as C, type D } from 'x'`), types left out. */
export function namedImports(source: string, specifier: string): string[] {
  const names: string[] = [];
  const escaped = specifier.replace(/[/.]/g, '\\$&');
  // A re-export (`export { Notifications } from …`) draws the component as much as an import does.
  const statement = new RegExp(String.raw`(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]${escaped}['"]`, 'g');
  for (const [, typeOnly, list] of source.matchAll(statement)) {
    if (typeOnly) continue;
    for (const item of list!.split(',')) {
      const name = item.trim().split(/\s+as\s+/)[0]!.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** A package's ESM modules, each read once: its relative imports and its named imports from @mantine/core. */
class PackageModules {
  private readonly cache = new Map<string, { relative: string[]; core: string[] }>();
  constructor(readonly root: string) {}

  private read(path: string) {
    let found = this.cache.get(path);
    if (!found) {
      const source = readFileSync(path, 'utf8');
      const relative = [...source.matchAll(/from\s*"(\.[^"]+)"/g)].map((m) => join(dirname(path), m[1]!));
      found = { relative, core: namedImports(source.replace(/"/g, "'"), '@mantine/core') };
      this.cache.set(path, found);
    }
    return found;
  }

  /** The index's module for each export: `import { Select } from "./components/Select/Select.mjs"`. */
  exportModules(): Map<string, string> {
    const index = join(this.root, 'esm/index.mjs');
    const modules = new Map<string, string>();
    for (const [, list, from] of readFileSync(index, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
      for (const item of list!.split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0]!.trim();
        if (name) modules.set(name, join(dirname(index), from!));
      }
    }
    return modules;
  }

  /** The class maps (`X.module.mjs` → "X") and @mantine/core imports reachable from a module. */
  reach(start: string) {
    const seen = new Set<string>();
    const classMaps = new Set<string>();
    const core = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      const module = path.match(/([^/]+)\.module\.mjs$/);
      if (module) classMaps.add(module[1]!);
      const { relative, core: fromCore } = this.read(path);
      fromCore.forEach((name) => core.add(name));
      relative.forEach(visit);
    };
    visit(start);
    return { classMaps, core };
  }
}

export interface MantineStyles {
  byPackage: Map<string, Map<string, string[]>>;
  /** A stylesheet's place in the order Mantine's full stylesheet keeps. */
  rank: (sheet: string) => number;
}

/**
 * For each Mantine package, each export's stylesheets (import specifiers, in the order of Mantine's full
 * stylesheet); exports without any (hooks, createTheme) are left out.
 */
export function mantineStyleMap(): MantineStyles {
  const coreRoot = packageDir('@mantine/core');
  // Mantine's full stylesheet is its per-component files one after another, dependencies first: each
  // file's place in it is the order to keep.
  const full = readFileSync(join(coreRoot, 'styles.css'), 'utf8');
  const place = (component: string) => {
    const own = readFileSync(join(coreRoot, 'styles', `${component}.css`), 'utf8').trim();
    const at = full.indexOf(own);
    if (at < 0) throw new Error(`@mantine/core/styles/${component}.css is not part of styles.css: has Mantine changed how it ships its styles?`);
    return at;
  };
  const core = new PackageModules(coreRoot);
  const coreStyles = new Map<string, string[]>();
  for (const [name, module] of core.exportModules()) {
    const components = [...core.reach(module).classMaps];
    if (components.length === 0) continue;
    const ordered = components.map((c) => [place(c), c] as const).sort((a, b) => a[0] - b[0]);
    coreStyles.set(name, ordered.map(([, c]) => `@mantine/core/styles/${c}.layer.css`));
  }
  const byPackage = new Map([['@mantine/core', coreStyles]]);
  const coreOrder = (specifier: string) => place(specifier.replace(/^.*\/|\.layer\.css$/g, ''));
  for (const extension of EXTENSIONS) {
    const modules = new PackageModules(packageDir(extension));
    const styles = new Map<string, string[]>();
    for (const [name, module] of modules.exportModules()) {
      const { classMaps, core: fromCore } = modules.reach(module);
      const needed = new Set([...fromCore].flatMap((c) => coreStyles.get(c) ?? []));
      const ordered = [...needed].sort((a, b) => coreOrder(a) - coreOrder(b));
      if (classMaps.size > 0) ordered.push(`${extension}/styles.layer.css`);
      if (ordered.length > 0) styles.set(name, ordered);
    }
    byPackage.set(extension, styles);
  }
  // A package's own stylesheet after all of core's, as Mantine's docs import them.
  const rank = (sheet: string) => (sheet.startsWith('@mantine/core/') ? coreOrder(sheet) : full.length + EXTENSIONS.findIndex((e) => sheet.startsWith(e)));
  return { byPackage, rank };
}

/** The stylesheet imports a module of ours needs for the Mantine components it imports, in order. */
export function stylesFor(source: string, { byPackage, rank }: MantineStyles): string[] {
  const wanted = new Set<string>();
  for (const [pkg, styles] of byPackage) {
    if (!source.includes(pkg)) continue;
    for (const name of namedImports(source, pkg)) (styles.get(name) ?? []).forEach((sheet) => wanted.add(sheet));
  }
  return [...wanted].sort((a, b) => rank(a) - rank(b));
}

/**
 * The Vite plugin: prepends a module's stylesheet imports to its first line (no line added, so its
 * source map stays right but for that line's columns).
 */
export function mantineStylesPerModule(): Plugin {
  let styles: MantineStyles | undefined;
  return {
    name: 'mantine-styles-per-module',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || !code.includes('@mantine/')) return null;
      styles ??= mantineStyleMap();
      const sheets = stylesFor(code, styles);
      if (sheets.length === 0) return null;
      return { code: sheets.map((sheet) => `import '${sheet}';`).join('') + code, map: null };
    },
  };
}
