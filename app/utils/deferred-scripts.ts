/*
 * The page's scripts start loading after the page has loaded (decision 031). Every screen works
 * without JavaScript, so the HTML, the stylesheet and the images come first, and the scripts,
 * which only add comfort, no longer share the connection with them. The server renames what
 * Remix's <Scripts> emits so the browser leaves it alone (deferredScriptsMarkup), and the loader
 * below starts it once the window's load event has fired and the frame after it has been painted
 * (a page whose images arrive quickly can load before its first paint), or at the first key,
 * pointer or focus, whichever comes first.
 *
 * The loader fetches every module at once, then evaluates them one task each, in the order Remix
 * lists them (the shared chunks first), before it runs Remix's own module script: evaluated in
 * one go, the forty modules were one long task that kept the page from answering input. The entry
 * (the module that script imports last) is left to it: it hydrates, and must find the route
 * modules the script names first.
 *
 * React does not patch attribute differences while hydrating, so the renamed elements hydrate as
 * the ones Remix renders in the browser; the loader's module script goes at the end of <head>,
 * where React tolerates an element it did not render.
 */
export const DEFERRED_PRELOAD_REL = "x-arkiv-modulepreload";
export const DEFERRED_MODULE_TYPE = "x-arkiv-module";

export const SCRIPT_LOADER = `(function(){var d=document,started=false,events=["pointerdown","keydown","touchstart","focusin"];function start(){if(started)return;started=true;events.forEach(function(e){removeEventListener(e,start,true)});var links=[].slice.call(d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]')),scripts=[].slice.call(d.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]'));links.forEach(function(l){l.rel="modulepreload"});var entry=scripts.length?(scripts[0].textContent.match(/import\\("([^"]+)"\\);?\\s*$/)||[])[1]:null;links=links.filter(function(l){return l.getAttribute("href")!==entry});function run(){scripts.forEach(function(s){var m=d.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;d.head.appendChild(m)})}function next(i){if(i>=links.length)return run();import(links[i].href).then(function(){setTimeout(next,0,i+1)},run)}next(0)}function painted(){requestAnimationFrame(function(){setTimeout(start,0)})}if(d.readyState==="complete")painted();else{addEventListener("load",painted);events.forEach(function(e){addEventListener(e,start,true)})}})();`;
