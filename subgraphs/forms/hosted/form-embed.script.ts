/**
 * `/f/embed.js`: placed where a form should appear (`<script src=".../f/embed.js" data-form="{uuid}" async>`), it puts
 * the hosted page there in an iframe from the script's own origin. It reads nothing of the host page.
 */
export const EMBED_SCRIPT = `(function(){
var s=document.currentScript;if(!s)return;var id=s.getAttribute('data-form');if(!/^[0-9a-fA-F-]{36}$/.test(id||''))return;
var f=document.createElement('iframe');f.src=new URL('/f/'+id,s.src).href;f.title=s.getAttribute('data-title')||'Form';
f.loading='lazy';f.style.cssText='border:0;width:100%;max-width:40rem;height:'+(parseInt(s.getAttribute('data-height'),10)||640)+'px';
s.parentNode.insertBefore(f,s.nextSibling);})();`;
