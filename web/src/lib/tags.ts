// Tags as every area keeps them (journal entries, media items): typed as a comma-separated list,
// matched ignoring case.

/**
 * Tags as the entry form keeps them: every value split on commas, trimmed, empty ones dropped, and a
 * tag that repeats an earlier one (ignoring case) dropped too.
 */
export function normalizeTags(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    for (const part of value.split(',')) {
      const tag = part.trim();
      if (tag && !hasTag(out, tag)) out.push(tag);
    }
  }
  return out;
}

/** Whether a tag list already holds a tag, ignoring case (categories are matched case-insensitively). */
export function hasTag(tags: readonly string[], tag: string): boolean {
  const wanted = tag.trim().toLowerCase();
  return tags.some((t) => t.trim().toLowerCase() === wanted);
}
