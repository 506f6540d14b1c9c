import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GLOBAL_STYLES, mantineStyleMap, namedImports, stylesFor } from '../mantineStyles';

// The build adds each module's Mantine stylesheets (mantineStyles.ts); e2e/mantine-styles.test.mjs checks
// in Chromium that every Mantine class on every page is styled.

const styles = mantineStyleMap();
const names = (source: string) => stylesFor(source, styles).map((sheet) => sheet.replace(/^@mantine\/|\.layer\.css$/g, ''));

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

describe("Mantine's stylesheets per module", () => {
  it("come with a component's dependencies, in the order of Mantine's full stylesheet", () => {
    expect(names("import { Checkbox, Button } from '@mantine/core';")).toEqual([
      'core/styles/UnstyledButton',
      'core/styles/Loader',
      'core/styles/CloseButton',
      'core/styles/Input',
      'core/styles/InlineInput',
      'core/styles/CheckboxCard',
      'core/styles/CheckboxIndicator',
      'core/styles/Checkbox',
      'core/styles/Button',
    ]);
    expect(names("import {\n  Anchor,\n  type MantineSize,\n} from '@mantine/core';")).toEqual(['core/styles/Text', 'core/styles/Anchor']);
    expect(names("import { Select as Choice } from '@mantine/core';")).toEqual(expect.arrayContaining(['core/styles/Input', 'core/styles/Combobox', 'core/styles/Popover']));
  });

  it('are none for what draws nothing: types, hooks, the theme', () => {
    expect(names("import type { ButtonProps } from '@mantine/core';")).toEqual([]);
    expect(names("import { createTheme, useMantineColorScheme, MantineProvider } from '@mantine/core';")).toEqual([]);
    expect(names("import { notifications } from '@mantine/notifications';")).toEqual([]);
  });

  it("put another Mantine package's stylesheet after the core ones its components use", () => {
    expect(names("import { Notifications } from '@mantine/notifications';")).toEqual([
      'core/styles/UnstyledButton',
      'core/styles/Loader',
      'core/styles/CloseButton',
      'core/styles/Notification',
      'notifications/styles',
    ]);
    expect(names("import { LineChart } from '@mantine/charts';").at(-1)).toBe('charts/styles');
  });

  it('come with a re-export too: the toast container is a module that only passes Notifications on', () => {
    const container = readFileSync(`${import.meta.dirname}/ToastContainer.ts`, 'utf8');
    expect(names(container)).toEqual(names("import { Notifications } from '@mantine/notifications';"));
    expect(names("export type { NotificationsProps } from '@mantine/notifications';")).toEqual([]);
  });

  it('are added by the build alone: main.tsx imports the base ones, first, and no module imports any other', () => {
    const main = readFileSync(`${import.meta.dirname}/main.tsx`, 'utf8');
    const mainImports = [...main.matchAll(/^import '([^']+\.css)';$/gm)].map((m) => m[1]);
    expect(mainImports).toEqual(GLOBAL_STYLES);
    expect(main.indexOf(GLOBAL_STYLES[0]!)).toBeLessThan(main.indexOf('\nimport {'));
    for (const file of sourceFiles(import.meta.dirname)) {
      if (file.endsWith('/main.tsx') || file.endsWith('.test.ts')) continue;
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/['"]@mantine\/[a-z]+\/styles/);
    }
  });

  it('read imports as TypeScript writes them', () => {
    expect(namedImports("import { A, B as C, type D } from '@mantine/core';\nimport type { E } from '@mantine/core';", '@mantine/core')).toEqual(['A', 'B']);
  });
});
