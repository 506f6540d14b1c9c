import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReelSlide } from '../api';
import { reelText as t } from '../strings';

/**
 * A slide's lines (the title slide's, or the closing contact slide's), grouped under a name of their own so
 * a screen reader tells the two slides' Name fields apart.
 */
export function SlideFields<V>({ form, path, label }: { form: UseFormReturnType<V>; path: 'slide' | 'endSlide'; label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" role="group" aria-label={label}>
      {(Object.keys(t.slide) as (keyof ReelSlide)[]).map((field) => (
        <TextInput key={field} label={t.slide[field]} maxLength={120} {...form.getInputProps(`${path}.${field}`)} />
      ))}
    </SimpleGrid>
  );
}
