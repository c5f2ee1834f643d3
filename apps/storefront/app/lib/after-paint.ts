/**
 * Runs in the body after `<Scripts>`: one frame after the first paint, and once the page's
 * high-priority pictures (the home page's hero, the listing's first card, the product's main
 * picture: its largest paint) have loaded, or after 1.5 s whichever comes first, it starts the
 * module preloads, the page's catalogue (`catalogueUrl`, which entry.client waits for) and React
 * Router's module script, which hydrates the page. A made-live script keeps its nonce; on a cached
 * page the policy allows it by the hash of its text, the same as the inert one's.
 */
export function afterPaintScript(catalogueUrl: string): string {
  return `(function(){var started=false;function start(){if(started)return;started=true;` +
    `function link(rel,href,as){var l=document.createElement("link");l.rel=rel;l.href=href;if(as){l.as=as;l.crossOrigin="anonymous"}document.head.appendChild(l)}` +
    `link("preload",${JSON.stringify(catalogueUrl)},"fetch");` +
    `document.querySelectorAll("link[data-after-paint]").forEach(function(d){link("modulepreload",d.getAttribute("href"))});` +
    `var m=document.querySelector("script[data-after-paint]");` +
    `if(m){var s=document.createElement("script");s.type="module";s.nonce=m.nonce;s.textContent=m.textContent;m.replaceWith(s)}}` +
    `function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}` +
    `var waiting=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return !i.complete});` +
    `var left=waiting.length;if(!left)return afterPaint();` +
    `waiting.forEach(function(i){function done(){if(--left===0)afterPaint()}i.addEventListener("load",done);i.addEventListener("error",done)});` +
    `setTimeout(start,1500)})()`;
}
