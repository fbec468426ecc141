/**
 * `/book/embed.js`: placed where a booking button should appear (`<script src=".../book/embed.js"
 * data-booking="{booking page URL}" data-label="…" async>`), it puts a link there that opens the booking page in a
 * popup window (a new tab where popups are blocked, or without script). Only a booking page of the script's own origin
 * is opened; it reads nothing of the host page.
 */
export const BOOKING_EMBED_SCRIPT = `(function(){
var s=document.currentScript;if(!s)return;var u;try{u=new URL(s.getAttribute('data-booking')||'',s.src)}catch(e){return}
if(u.origin!==new URL(s.src).origin||!/^\\/book\\/[^/]+\\/[^/]+$/.test(u.pathname))return;
var a=document.createElement('a');a.href=u.href;a.target='_blank';a.rel='noopener';a.className='booking-embed-link';
a.textContent=s.getAttribute('data-label')||'Book a time';
a.addEventListener('click',function(e){var w=window.open(u.href,'booking','popup,width=480,height=760');if(w){e.preventDefault();w.focus()}});
s.parentNode.insertBefore(a,s.nextSibling);})();`;
