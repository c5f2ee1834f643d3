/**
 * Text the search marked up: the server sends HTML whose only tags are `<mark>` (everything else
 * escaped). Anything else is shown as the plain text it came with, never as markup.
 */
export function MarkedText({ html, text, className }: { html: string | null | undefined; text: string; className?: string }) {
  if (html && !/[<>]/.test(html.replace(/<\/?mark>/g, ''))) {
    return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return <span className={className}>{text}</span>;
}
