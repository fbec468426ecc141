/**
 * The hosted form's progressive layer (the page works without it): rules shown as the respondent types, answers saved
 * as partials and restored after a reload on the same device, date-times sent with the respondent's offset, and one
 * question per screen when the form says so, following the form's logic jumps (questions off the respondent's path
 * hidden, as the server computes the path), and files uploaded as soon as they are picked (progress, remove), their
 * answers saved with the partial. Plain ES2017, no framework; the plain form post still submits.
 */
export const FORM_PAGE_SCRIPT = `(function(){
var form=document.getElementById('hosted-form');if(!form)return;
document.documentElement.classList.add('js');
var uuid=form.getAttribute('data-uuid'),key='platform-form:'+uuid,store={};
try{store=JSON.parse(localStorage.getItem(key)||'{}')||{}}catch(e){store={}}
var qs=[].slice.call(form.querySelectorAll('.q'));
var pw=form.querySelector('input[name=_password]');
function controls(q){return [].slice.call(q.querySelectorAll('input:not([type=hidden]),select,textarea'))}
function errorOf(q){return q.querySelector('.error')}
function check(q,show){var msg='';var cs=controls(q);
 if(q.getAttribute('data-required')&&(q.getAttribute('data-type')==='MULTI_SELECT'||q.getAttribute('data-type')==='CHECKBOX')&&!cs.some(function(c){return c.checked}))msg='Choose at least one option.';
 cs.forEach(function(c){if(!msg&&!c.checkValidity())msg=c.validationMessage});
 if(show){errorOf(q).textContent=msg;cs.forEach(function(c){if(c.type!=='radio'&&c.type!=='checkbox'){if(msg)c.setAttribute('aria-invalid','true');else c.removeAttribute('aria-invalid')}})}
 return !msg}
function value(q){var t=q.getAttribute('data-type'),cs=controls(q);
 if(t==='MULTI_SELECT'||t==='CHECKBOX'){var v=cs.filter(function(c){return c.checked}).map(function(c){return c.value});return v.length?v:null}
 if(t==='RATING'||t==='NPS'||(t==='SELECT'&&cs[0].type==='radio')){var on=cs.filter(function(c){return c.checked})[0];if(!on)return null;return t==='SELECT'?[on.value]:Number(on.value)}
 if(t==='FILE')return held(q);
 var raw=cs[0].value.trim();if(!raw)return null;
 if(t==='SELECT')return [raw];if(t==='NUMBER'||t==='SLIDER')return Number(raw);
 if(t==='DATE_TIME')return zoned(raw);return raw}
function zoned(local){var d=new Date(local);if(isNaN(d))return null;var off=-d.getTimezoneOffset(),s=off<0?'-':'+',a=Math.abs(off);
 function p(n){return (n<10?'0':'')+n}return local.slice(0,16)+':00'+s+p(Math.floor(a/60))+':'+p(a%60)}
function remember(){var vals={};[].slice.call(form.elements).forEach(function(c){if(!c.name||c.name.charAt(0)==='_'||c.type==='file')return;
 if(c.type==='hidden'){if(/__file$/.test(c.name))vals[c.name]=c.value;return}
 if(c.type==='radio'||c.type==='checkbox'){if(c.checked)vals[c.name]=c.value}else if(c.value)vals[c.name]=c.value});
 store.values=vals;try{localStorage.setItem(key,JSON.stringify(store))}catch(e){}}
// One save at a time: a second save sent before the first answered would carry no submissionId and open a second partial.
var timer,dirty={},saving=false,again=false;
function save(){if(form.getAttribute('data-sent'))return;if(saving){again=true;return}var data={},n=0;Object.keys(dirty).forEach(function(r){var q=form.querySelector('.q[data-ref="'+r+'"]');if(q&&(check(q,false)||q.getAttribute('data-type')==='FILE')){data[r]=value(q);n++}});dirty={};if(!n)return;saving=true;
 var body={data:data};if(store.submissionId)body.submissionId=store.submissionId;
 var h={'Content-Type':'application/json',Accept:'application/json'};if(pw)h['X-Form-Password']=pw.value;
 fetch('/f/'+uuid+'/partial',{method:'POST',headers:h,body:JSON.stringify(body),credentials:'omit'}).then(function(r){return r.ok?r.json():null}).then(function(j){
  if(j&&j.data&&j.data.submissionId){store.submissionId=j.data.submissionId;remember();sub.value=store.submissionId;form.setAttribute('data-saved',String(Date.now()))}}).catch(function(){}).then(function(){saving=false;if(again){again=false;save()}})}
var sub=form.querySelector('input[name=_submission]');
if(store.values){Object.keys(store.values).forEach(function(name){var v=store.values[name];[].slice.call(form.querySelectorAll('[name="'+name.replace(/"/g,'')+'"]')).forEach(function(c){
 if(c.type==='radio'||c.type==='checkbox')c.checked=c.value===v;else c.value=v})});}
if(store.submissionId)sub.value=store.submissionId;
form.setAttribute('data-restored',store.submissionId?'true':'false');
var pending=0;
function size(n){return n>=1048576?(Math.round(n/104857.6)/10)+' MB':n>=1024?Math.round(n/1024)+' KB':n+' bytes'}
function held(q){var h=q.querySelector('input[type=hidden]');if(!h||!h.value)return null;try{var a=JSON.parse(h.value);return a&&typeof a.fileUrl==='string'?a:null}catch(e){return {fileUrl:h.value}}}
function hold(q,a){var h=q.querySelector('input[type=hidden]'),c=controls(q)[0],st=q.querySelector('.file-status'),rm=q.querySelector('.file-remove');h.value=a?JSON.stringify(a):'';
 if(a){st.textContent=(a.fileName||'A file')+(a.fileSize!=null?' ('+size(a.fileSize)+')':'')+' is attached.';rm.hidden=false;c.required=false}
 else{st.textContent='';rm.hidden=true;c.required=!!q.getAttribute('data-required')}}
function upload(q,c){var r=q.getAttribute('data-ref'),f=c.files&&c.files[0],st=q.querySelector('.file-status'),err=errorOf(q);if(!f)return;
 var max=Number(c.getAttribute('data-max-bytes'));
 function fail(m){pending--;q.removeAttribute('data-uploading');st.textContent='';err.textContent=m;c.setAttribute('aria-invalid','true');c.value=''}
 if(max&&f.size>max){err.textContent=f.name+' is '+size(f.size)+'; this question takes files up to '+size(max)+'.';c.setAttribute('aria-invalid','true');c.value='';return}
 err.textContent='';c.removeAttribute('aria-invalid');pending++;q.setAttribute('data-uploading','true');st.textContent='Uploading '+f.name+'…';
 var rd=new FileReader();rd.onerror=function(){fail('The file could not be read. Pick it again.')};
 rd.onload=function(){var x=new XMLHttpRequest();x.open('POST','/f/'+uuid+'/files');x.setRequestHeader('Content-Type','application/json');x.setRequestHeader('Accept','application/json');if(pw)x.setRequestHeader('X-Form-Password',pw.value);
  x.upload.onprogress=function(e){if(e.lengthComputable)st.textContent='Uploading '+f.name+': '+Math.round(e.loaded/e.total*100)+'%'};
  x.onerror=function(){fail('The file could not be uploaded. Check the connection and pick it again.')};
  x.onload=function(){var j=null;try{j=JSON.parse(x.responseText)}catch(e){}
   if(x.status!==201||!j||!j.data)return fail((j&&j.error&&j.error.message)||'The file could not be uploaded. Pick it again.');
   pending--;q.removeAttribute('data-uploading');hold(q,{fileUrl:j.data.fileUrl,fileName:j.data.fileName,fileSize:j.data.fileSize});c.value='';
   dirty[r]=1;remember();clearTimeout(timer);timer=setTimeout(save,400)};
  x.send(JSON.stringify({fieldRef:r,fileName:f.name,content:String(rd.result).split(',')[1]||''}))};
 rd.readAsDataURL(f)}
var pos={},jumpy=false,relayout=function(){};
qs.forEach(function(q,i){pos[q.getAttribute('data-ref')]=i;if(q.getAttribute('data-jumps'))jumpy=true;
 if(q.getAttribute('data-skippable')&&q.getAttribute('data-required')){var c=controls(q)[0];if(c&&c.type!=='checkbox')c.required=true}});
function holds(j,a){var e=j.valueNumber!=null?j.valueNumber:j.value,empty=a==null||a===''||(Array.isArray(a)&&!a.length);
 if(j.when==='answered')return !empty;if(j.when==='unanswered')return empty;if(empty)return false;
 var eq=Array.isArray(a)?a.length===1&&a[0]===e:a===e;
 switch(j.when){case 'equals':return eq;case 'notEquals':return !eq;case 'includes':return Array.isArray(a)&&a.indexOf(e)>=0;case 'greaterThan':return typeof a==='number'&&a>e;case 'lessThan':return typeof a==='number'&&a<e}return false}
function nextOf(i){var q=qs[i],js=[];try{js=JSON.parse(q.getAttribute('data-jumps')||'[]')}catch(e){}
 var a=value(q);for(var k=0;k<js.length;k++){var j=js[k],to=j.to==='end'?qs.length:pos[j.to];if(to!=null&&to>i&&holds(j,a))return to}return i+1}
function path(){var on=[],i=0;while(i<qs.length){on.push(i);i=nextOf(i)}return on}
qs.forEach(function(q){var t=q.getAttribute('data-type'),r=q.getAttribute('data-ref');
 if(t==='FILE'){var fc=controls(q)[0];if(held(q))hold(q,held(q));fc.addEventListener('change',function(){upload(q,fc)});
  q.querySelector('.file-remove').addEventListener('click',function(){hold(q,null);dirty[r]=1;remember();clearTimeout(timer);timer=setTimeout(save,400);fc.focus()})}
 q.addEventListener('input',function(e){if(e.target.type==='file')return;check(q,true);remember();if(e.target.type==='range'){var o=q.querySelector('output');if(o)o.textContent=e.target.value}});
 q.addEventListener('change',function(e){if(e.target.type==='file')return;check(q,true);remember();relayout();dirty[r]=1;clearTimeout(timer);timer=setTimeout(save,400)});
 if(t==='DATE_TIME'){var h=q.querySelector('.hint');try{if(h)h.textContent='In your time zone ('+Intl.DateTimeFormat().resolvedOptions().timeZone+')'}catch(e){}}});
var advance=null;
form.addEventListener('submit',function(e){if(pending){e.preventDefault();var u=form.querySelector('.q[data-uploading]');if(u)errorOf(u).textContent='Wait for the upload to finish, then submit.';return}
 if(advance&&advance()){e.preventDefault();return}clearTimeout(timer);dirty={};var bad=null;qs.forEach(function(q){if(!q.hidden&&!check(q,true)&&!bad)bad=q});
 if(bad){e.preventDefault();var c=controls(bad)[0];if(c)c.focus();return}
 form.setAttribute('data-sent','true');
 qs.forEach(function(q){if(q.getAttribute('data-type')==='DATE_TIME'){var c=controls(q)[0];var z=form.querySelector('input[name="'+q.getAttribute('data-ref')+'__zoned"]');if(z)z.value=c.value?zoned(c.value)||'':''}})});
form.noValidate=true;
if(form.getAttribute('data-layout')==='ONE_PER_SCREEN'&&qs.length>1){var at=0,hist=[],prog=document.getElementById('progress'),next=document.getElementById('next'),back=document.getElementById('back'),submit=document.getElementById('submit');
 function show(){var on=path(),last=nextOf(at)>=qs.length;qs.forEach(function(q,i){q.hidden=i!==at});back.hidden=!hist.length;next.hidden=last;submit.hidden=!last;prog.textContent='Question '+(on.indexOf(at)+1)+' of '+on.length;}
 relayout=show;
 function forward(){if(!check(qs[at],true)){var c=controls(qs[at])[0];if(c)c.focus();return}hist.push(at);at=nextOf(at);show();var n=controls(qs[at])[0];if(n)n.focus()}
 next.addEventListener('click',forward);
 advance=function(){if(nextOf(at)>=qs.length)return false;forward();return true};
 back.addEventListener('click',function(){at=hist.length?hist.pop():0;show();var c=controls(qs[at])[0];if(c)c.focus()});
 var firstBad=qs.findIndex(function(q){return q.querySelector('[aria-invalid=true]')||errorOf(q).textContent});if(firstBad>0){at=firstBad;var on=path(),k=on.indexOf(at);hist=k>0?on.slice(0,k):[]}show();}
else if(jumpy){relayout=function(){var on=path();qs.forEach(function(q,i){q.hidden=on.indexOf(i)<0})};relayout();}
})();`;

/** On the thank-you page: the answers kept for resuming are done with. */
export const FORM_DONE_SCRIPT = (uuid: string) =>
  `try{localStorage.removeItem(${JSON.stringify(`platform-form:${uuid}`)})}catch(e){}`;
