import Markdown, { type Components } from 'react-markdown';

/**
 * A legal text's markdown as headings, paragraphs, lists and links. react-markdown builds React
 * elements, never HTML strings: raw HTML in the text is dropped (`skipHtml`), and links keep only
 * safe protocols (its default URL transform). The page's own h1 is the title, so the text's
 * headings start at h2.
 */
const COMPONENTS: Components = {
  h1: ({ children }) => <h2>{children}</h2>,
  a: ({ href, children }) => <a href={href}>{children}</a>,
  img: () => null,
};

export function LegalText({ markdown }: { markdown: string }) {
  return (
    <div className="legal-text">
      <Markdown skipHtml components={COMPONENTS}>{markdown}</Markdown>
    </div>
  );
}
