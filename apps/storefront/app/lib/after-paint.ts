/**
 * Runs in the body after `<Scripts>`: one frame after the first paint it starts the module
 * preloads, the page's catalogue (`catalogueUrl`, which entry.client waits for) and React Router's
 * module script, which hydrates the page. A made-live script keeps its nonce; on a cached page
 * the policy allows it by the hash of its text, the same as the inert one's.
 */
export function afterPaintScript(catalogueUrl: string): string {
  return `requestAnimationFrame(function(){setTimeout(function(){` +
    `function link(rel,href,as){var l=document.createElement("link");l.rel=rel;l.href=href;if(as){l.as=as;l.crossOrigin="anonymous"}document.head.appendChild(l)}` +
    `link("preload",${JSON.stringify(catalogueUrl)},"fetch");` +
    `document.querySelectorAll("link[data-after-paint]").forEach(function(d){link("modulepreload",d.getAttribute("href"))});` +
    `var m=document.querySelector("script[data-after-paint]");` +
    `if(m){var s=document.createElement("script");s.type="module";s.nonce=m.nonce;s.textContent=m.textContent;m.replaceWith(s)}` +
    `},0)})`;
}
