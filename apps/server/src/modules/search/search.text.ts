/**
 * Plain text for the index from what the owners keep: markdown or HTML bodies lose their markup,
 * control characters (the highlighter's markers among them) and runs of white space.
 */
export function plainText(value: string | null | undefined, max = 20_000): string {
  if (!value) return '';
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[*_`>~|]+/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}
